import { ErrCode } from '#contract/errcodes.ts';
import type { ServiceCode, ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import { AppError } from '#server/lib/app-error.ts';

/** A service as an order holds it: its price is the one of the day the order was placed. */
export interface OrderedService {
  id: number;
  code: ServiceCode;
  price: number;
  /** The service whose job must succeed first on the same device (its first dependency). */
  after: ServiceCode | null;
}

/**
 * The services an order runs, from the ids the user picked: unknown ids are refused (3002), a service
 * under maintenance too (3001), and every dependency is added (country and GSX need warranty first).
 * Answered in dependency order: a service comes after the one it depends on, so jobs can be inserted
 * level by level. Each service depends on at most one other (its `after`); chains are allowed.
 */
export function resolveOrderServices(
  catalogue: readonly ServiceRow[],
  ids: readonly number[],
): OrderedService[] {
  const byId = new Map(catalogue.map((s) => [s.id, s]));
  const byCode = new Map(catalogue.map((s) => [s.code, s]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new AppError(ErrCode.SERVICE_UNKNOWN, `所选查询服务不存在（编号 ${unknown.join('、')}）`, {
      service_ids: unknown,
    });

  const chosen: ServiceRow[] = [];
  const seen = new Set<ServiceCode>();
  const visit = (s: ServiceRow, path: readonly ServiceCode[]) => {
    if (seen.has(s.code)) return;
    if (path.includes(s.code)) throw new Error(`service dependency cycle: ${[...path, s.code].join(' > ')}`);
    for (const dep of s.depends_on) {
      const d = byCode.get(dep);
      if (!d) throw new Error(`service ${s.code} depends on ${dep}, which is not in the catalogue`);
      visit(d, [...path, s.code]);
    }
    seen.add(s.code);
    chosen.push(s);
  };
  for (const id of ids) visit(byId.get(id) as ServiceRow, []);

  const down = chosen.filter((s) => s.maintenance);
  if (down.length > 0)
    throw new AppError(
      ErrCode.SERVICE_MAINTENANCE,
      `所选查询服务正在维护，暂时无法下单：${down.map((s) => s.name).join('、')}`,
      { services: down.map((s) => s.code) },
    );
  return chosen.map((s) => ({ id: s.id, code: s.code, price: s.price, after: s.depends_on[0] ?? null }));
}

/** Points per device: the sum of the services' prices (hundredths). */
export const pricePerDevice = (services: readonly OrderedService[]) =>
  services.reduce((sum, s) => sum + s.price, 0);
