import type { CustomerRow } from '#contract/schemas/counter-customers.ts';

/** What a picker holds of the chosen customer: enough to show who it is without another fetch. */
export interface PickedCustomer {
  id: number;
  name: string;
  phones: string[];
  lang: CustomerRow['lang'];
}

export const pickedOf = (row: CustomerRow): PickedCustomer => ({
  id: row.id,
  name: row.name,
  phones: row.phones,
  lang: row.lang,
});

/**
 * The server's search rule (customer-repository.ts `page`), applied to rows already on the device:
 * four digits match a phone's last four, five or more a phone's beginning, anything else a name's
 * beginning without case. Offline, the picker searches the answers the cache holds with it.
 */
export function matchesCustomer(row: CustomerRow, q: string): boolean {
  const query = q.trim();
  if (!query) return true;
  const phone = query.replace(/[\s()-]/g, '');
  if (/^\+?\d{4,}$/.test(phone)) {
    return row.phones.some((p) => (phone.length === 4 ? p.slice(-4) === phone : p.startsWith(phone)));
  }
  return row.name.toLowerCase().startsWith(query.toLowerCase());
}

/** Rows of several cached pages, each customer once, kept in first-seen order. */
export function uniqueCustomers(pages: readonly (readonly CustomerRow[])[]): CustomerRow[] {
  const seen = new Map<number, CustomerRow>();
  for (const page of pages) for (const row of page) if (!seen.has(row.id)) seen.set(row.id, row);
  return [...seen.values()];
}
