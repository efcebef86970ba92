import type { SearchHit } from '#contract/schemas/search.ts';

/** The search box's answer, grouped by kind like globalSearch's output (contract/schemas/search.ts). */
export interface HitGroups {
  customers: SearchHit[];
  tickets: SearchHit[];
  repair_devices: SearchHit[];
  check_orders: SearchHit[];
}
export type HitGroup = keyof HitGroups;

/** The order the groups show in: who, then what they brought, then the back office's records. */
export const HIT_GROUPS: readonly HitGroup[] = ['customers', 'tickets', 'repair_devices', 'check_orders'];

export const GROUP_OF_KIND: Record<SearchHit['kind'], HitGroup> = {
  customer: 'customers',
  ticket: 'tickets',
  repair_device: 'repair_devices',
  check_order: 'check_orders',
};

export const emptyGroups = (): HitGroups => ({
  customers: [],
  tickets: [],
  repair_devices: [],
  check_orders: [],
});

/** The page a hit opens: the customer's or ticket's detail, the tracked device's page, the check order. */
export function hitHref(hit: Pick<SearchHit, 'kind' | 'id'>): string {
  switch (hit.kind) {
    case 'customer':
      return `/app/customers/detail?id=${hit.id}`;
    case 'ticket':
      return `/app/tickets/detail?id=${hit.id}`;
    case 'repair_device':
      return `/app/maintenance/orderDetail?device_id=${hit.id}`;
    case 'check_order':
      return `/app/quiry/managementDetail?order_id=${hit.id}`;
  }
}

export const hitCount = (groups: HitGroups): number =>
  HIT_GROUPS.reduce((sum, group) => sum + groups[group].length, 0);
