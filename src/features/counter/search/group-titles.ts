import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { HitGroup } from './search-hits.ts';

/** The search box's group headings. Apart from search-hits.ts so the offline search runs without Lingui's macros (its bench). */
export const GROUP_TITLES: Record<HitGroup, MessageDescriptor> = {
  customers: msg`Customers`,
  tickets: msg`Tickets`,
  repair_devices: msg`Tracked repairs (SN / IMEI)`,
  check_orders: msg`Check orders`,
};
