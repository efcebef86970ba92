// What the integration tests of a check order's screens share: a results table that lays out in jsdom,
// and an order placed through the API whose results are written straight into the database (no job
// runner in these tests).
import { afterAll, beforeAll } from 'vitest';
import { currentTestServer } from '#tests/setup/web.ts';

/**
 * jsdom has no layout: gives the results table's scroller a size (for the whole test file) so its
 * virtualiser renders rows.
 */
export function sizeResultsTable({ height = 560, width = 1200 } = {}): void {
  const restores: (() => unknown)[] = [];
  const sized = (name: 'clientHeight' | 'clientWidth', px: number) => {
    const original = Object.getOwnPropertyDescriptor(Element.prototype, name);
    Object.defineProperty(Element.prototype, name, {
      configurable: true,
      get(this: Element) {
        return this.getAttribute('data-testid') === 'results-table' ? px : (original?.get?.call(this) ?? 0);
      },
    });
    return () => original && Object.defineProperty(Element.prototype, name, original);
  };
  beforeAll(() => restores.push(sized('clientHeight', height), sized('clientWidth', width)));
  afterAll(() => restores.forEach((restore) => restore()));
}

/** A warranty check order of `identifiers` placed by the signed-in `token`: its id. */
export async function placeWarrantyOrder(
  token: string,
  title: string,
  identifiers: string[],
): Promise<number> {
  const s = currentTestServer();
  const services = await s.call<{ list: { id: number; code: string }[] }>(
    '/api/checks/combo_list',
    {},
    { token },
  );
  const warranty = services.datas.list.find((x) => x.code === 'warranty')?.id;
  const placed = await s.call<{ order_id: number }>(
    '/api/checks/order_create',
    { title, identifiers, service_ids: [warranty] },
    { token },
  );
  if (placed.errcode !== 0) throw new Error(`order_create: ${placed.msg}`);
  return placed.datas.order_id;
}
