import type { DashboardLink } from '#contract/schemas/dashboards.ts';
import type { CreatedRangeSearch, DeviceFilterSearch, RepairListSearch } from './search.ts';

/**
 * Where a dashboard figure clicks through to: the page of the list it counts, with the list's
 * filter in the URL (the page reads it from there, so the link can also be shared or reloaded).
 */
export type LinkLocation =
  | { to: '/app/quiry/basicinquiry'; search: CreatedRangeSearch }
  | { to: '/app/dashboards/devices'; search: DeviceFilterSearch }
  | { to: '/app/maintenance/maintenance'; search: RepairListSearch }
  | { to: '/app/pointrecord'; search: Record<string, never> }
  | { to: '/app/shoppingcenter/shoppingcenter'; search: Record<string, never> };

export function linkLocation(link: DashboardLink): LinkLocation {
  switch (link.list) {
    case 'check_orders':
      return { to: '/app/quiry/basicinquiry', search: { ...link.filter } };
    case 'devices':
      return { to: '/app/dashboards/devices', search: withoutEmpty(link.filter) };
    case 'repair_devices': {
      const { progress, watched, changed_today } = link.filter;
      const search: RepairListSearch = {};
      if (progress && progress.length > 0) search.progress = [...progress];
      if (watched) search.watched = true;
      if (changed_today) search.changed_today = true;
      return { to: '/app/maintenance/maintenance', search };
    }
    case 'point_record':
      return { to: '/app/pointrecord', search: {} };
    case 'shopping_center':
      return { to: '/app/shoppingcenter/shoppingcenter', search: {} };
  }
}

/** Leaves out the keys a filter does not set (undefined), so the URL carries only what narrows. */
function withoutEmpty<T extends object>(filter: T): Partial<T> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as Partial<T>;
}
