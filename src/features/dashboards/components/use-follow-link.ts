import { useNavigate } from '@tanstack/react-router';
import type { DashboardLink } from '#contract/schemas/dashboards.ts';
import { linkLocation } from '../model/links.ts';

/** Opens the list a chart element counts (a bar or slice clicked with the mouse). */
export function useFollowLink(): (link: DashboardLink) => void {
  const navigate = useNavigate();
  return (link) => {
    const location = linkLocation(link);
    switch (location.to) {
      case '/app/quiry/basicinquiry':
        return void navigate({ to: location.to, search: location.search });
      case '/app/dashboards/devices':
        return void navigate({ to: location.to, search: location.search });
      case '/app/maintenance/maintenance':
        return void navigate({ to: location.to, search: location.search });
      case '/app/pointrecord':
        return void navigate({ to: location.to, search: {} });
      case '/app/shoppingcenter/shoppingcenter':
        return void navigate({ to: location.to });
    }
  };
}
