import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '#src/features/dashboards/components/DevicesPage.tsx';
import {
  parseDeviceFilterSearch,
  parsePage,
  type DeviceFilterSearch,
} from '#src/features/dashboards/model/search.ts';

type DevicesSearch = DeviceFilterSearch & { page?: number };

// Not in the spec's route table: the list a device figure of the dashboards clicks through to.
export const Route = createFileRoute('/app/dashboards/devices')({
  validateSearch: (search: Record<string, unknown>): DevicesSearch => {
    const page = parsePage(search.page);
    return { ...parseDeviceFilterSearch(search), ...(page ? { page } : {}) };
  },
  component: DevicesRoute,
});

function DevicesRoute() {
  const { page = 1, ...filter } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DevicesPage
      search={filter}
      page={page}
      onPage={(next) => void navigate({ search: { ...filter, ...(next > 1 ? { page: next } : {}) } })}
    />
  );
}
