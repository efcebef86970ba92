import { createFileRoute } from '@tanstack/react-router';
import { DeviceDetail } from '#src/features/repairs/components/DeviceDetail.tsx';

interface DetailSearch {
  device_id?: number;
}

/** `device_id` must be a positive integer; anything else is dropped (the page then says so). */
function parseDetailSearch(search: Record<string, unknown>): DetailSearch {
  const id = Number(search.device_id);
  return Number.isSafeInteger(id) && id > 0 ? { device_id: id } : {};
}

export const Route = createFileRoute('/app/maintenance/orderDetail')({
  validateSearch: parseDetailSearch,
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { device_id } = Route.useSearch();
  return <DeviceDetail key={device_id} deviceId={device_id} />;
}
