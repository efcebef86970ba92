import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { rechargesQuery } from '#src/features/wallet/api/recharge-api.ts';
import { RechargeRecord } from '#src/features/wallet/components/RechargeRecord.tsx';

// A hidden menu entry (spec section 2): reached from the personal center and the shopping center.
export const Route = createFileRoute('/app/rechargerecord')({
  loader: ({ context }) => prefetchPageData(context, [rechargesQuery(1, null)]),
  component: RechargeRecord,
});
