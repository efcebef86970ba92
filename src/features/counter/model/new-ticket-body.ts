import dayjs from 'dayjs';
import type { PaymentMethod } from '#contract/counter/money.ts';
import type { TicketCondition } from '#contract/schemas/counter-tickets.ts';

/** The new-ticket form once checked (use-new-ticket.ts): devices already read as SN/IMEI. */
export interface NewTicketFields {
  customerId: number;
  /** Each device's SN/IMEI, and the model typed for one the SN/IMEI does not name ('' when none). */
  devices: ReadonlyArray<{ ident: string; model: string }>;
  fault: string;
  condition: TicketCondition;
  warrantyDays: number;
  /** The technician's id as the select holds it (a string), or null. */
  technician: string | null;
  /** The promised day, YYYY-MM-DD, or null. */
  promised: string | null;
  /** The deposit in fen, or null for none. */
  depositFen: number | null;
  method: PaymentMethod;
  /** A warranty return names the first ticket of the repair. */
  warrantyOf?: number;
}

/**
 * What ticketCreate is sent (without its request_id): optional parts only when given, the promise
 * as the end of its day (a phone promised for a day is on time all that day).
 */
export function newTicketBody(f: NewTicketFields) {
  return {
    customer_id: f.customerId,
    devices: f.devices.map(({ ident, model }) => (model.trim() ? { ident, model: model.trim() } : { ident })),
    fault: f.fault.trim(),
    condition: f.condition,
    warranty_days: f.warrantyDays,
    ...(f.technician ? { technician_id: Number(f.technician) } : {}),
    ...(f.promised ? { promised_at: dayjs(f.promised).endOf('day').unix() } : {}),
    ...(f.depositFen !== null ? { deposit: { amount_fen: f.depositFen, method: f.method } } : {}),
    ...(f.warrantyOf !== undefined ? { warranty_of: f.warrantyOf } : {}),
  };
}
