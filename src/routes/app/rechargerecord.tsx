import { createFileRoute } from '@tanstack/react-router';
import { RechargeRecord } from '#src/features/wallet/components/RechargeRecord.tsx';

// A hidden menu entry (spec section 2): reached from the personal center and the shopping center.
export const Route = createFileRoute('/app/rechargerecord')({
  component: RechargeRecord,
});
