import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type {
  DeviceResultRow,
  DeviceStatus,
  JobResultRow,
  OrderResultsDatas,
  TriState,
  WarrantyType,
} from '#contract/schemas/checks-results.ts';
import type { Database, JobState } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { OrderDeviceRepository } from './order-device-repository.ts';
import { OrderRepository } from './order-repository.ts';

/**
 * `server_ms` is this far behind the clock: a transaction that stamped its change a moment before it
 * committed (or a second process's slightly different clock) is still seen by the next call.
 * A device may come twice; the PWA replaces rows by id.
 */
export const CHANGED_SINCE_MARGIN_MS = 2000;

type DeviceRecord = Awaited<ReturnType<OrderDeviceRepository['devices']>>[number];
type JobRecord = Awaited<ReturnType<OrderDeviceRepository['jobs']>>[number];

/** A job handed back to `pending` with its ticket is in flight upstream: shown as running. */
function jobStatus(state: JobState, ticket: string | null): JobResultRow['status'] {
  return state === 'pending' && ticket !== null ? 'running' : state;
}

const tri = (v: string): TriState => v as TriState;

function toJobRow(j: JobRecord): JobResultRow {
  return {
    service: j.service as ServiceCode,
    status: jobStatus(j.state, j.ticket),
    attempts: j.attempts,
    error: j.error && (j.state === 'failed' || j.state === 'pending') ? j.error : null,
    provider: j.provider,
    sandbox: j.sandbox !== 0,
    reused: j.reused !== 0,
    finished_at: j.finished_at === null ? null : Math.floor(Number(j.finished_at) / 1000),
  };
}

export function toDeviceRow(d: DeviceRecord, jobs: JobResultRow[]): DeviceResultRow {
  return {
    id: d.id,
    input: d.input,
    sn: d.sn,
    imei: d.imei,
    imei2: d.imei2,
    tac_model: d.tac_model,
    factory: d.factory,
    manufactured: d.manufactured,
    model: d.model,
    capacity: d.capacity,
    colour: d.colour,
    network_model: d.network_model,
    warranty_type: d.warranty_type as WarrantyType | null,
    purchase_date: d.purchase_date,
    warranty_end: d.warranty_end,
    warranty_days_left: d.warranty_days_left,
    replaced: tri(d.replaced),
    phone_support: tri(d.phone_support),
    purchase_verified: tri(d.purchase_verified),
    loaner: tri(d.loaner),
    activated: tri(d.activated),
    activation_lock: tri(d.activation_lock),
    id_blacklist: tri(d.id_blacklist),
    id_monitor_end: d.id_monitor_end,
    network_lock: tri(d.network_lock),
    carrier: d.carrier,
    carrier_country: d.carrier_country,
    sale_country: d.sale_country,
    in_repair: tri(d.in_repair),
    mdm_lock: tri(d.mdm_lock),
    gsx_text: d.gsx_text,
    status: d.status as DeviceStatus,
    jobs,
    updated_ms: Number(d.updated_ms),
  };
}

/** The devices of an order with their jobs: two queries whatever the number of devices. */
export class ResultsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  async results(accountId: number, orderId: number, changedSince?: number): Promise<OrderResultsDatas> {
    const orders = new OrderRepository(this.db);
    const contents = new OrderDeviceRepository(this.db);
    // Read before the rows: a change committed after this instant is answered next time.
    const serverMs = Math.max(0, this.clock.now() - CHANGED_SINCE_MARGIN_MS);
    if (!(await orders.findOrder(accountId, orderId))) throw new AppError(ErrCode.ORDER_NOT_FOUND);
    const since = changedSince === undefined || changedSince === 0 ? undefined : changedSince;
    const [devices, jobs] = await Promise.all([
      contents.devices(orderId, since),
      contents.jobs(orderId, since),
    ]);
    const byDevice = new Map<number, JobResultRow[]>();
    for (const j of jobs) {
      let list = byDevice.get(j.device_id);
      if (!list) byDevice.set(j.device_id, (list = []));
      list.push(toJobRow(j));
    }
    return {
      devices: devices.map((d) => toDeviceRow(d, byDevice.get(d.id) ?? [])),
      server_ms: serverMs,
    };
  }
}
