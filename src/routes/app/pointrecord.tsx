import { createFileRoute } from '@tanstack/react-router';
import { PointRecord } from '#src/features/wallet/components/PointRecord.tsx';

// A hidden menu entry (spec section 2): reached from the personal center and by its path.
export const Route = createFileRoute('/app/pointrecord')({
  component: PointRecord,
});
