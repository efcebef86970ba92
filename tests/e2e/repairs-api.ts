import type { APIRequestContext } from '@playwright/test';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import type { RepairDeviceRow, RepairEventRow } from '#contract/schemas/repairs.ts';

/** A valid IMEI whose serial (digits 9-14) is `serial` (sandbox magic: 000000 fails for good). */
export function imeiOf(serial: number, tac = '35391120'): string {
  const first14 = tac + String(serial).padStart(6, '0');
  return first14 + String(luhnCheckDigit(first14));
}

/** One call of the API as the shop (the answer's `datas`; a refusal throws with its message). */
export async function call<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object = {},
): Promise<T> {
  const answer = await (await request.post(path, { headers: { token }, data })).json();
  if (answer.errcode !== 0) throw new Error(`${path}: ${answer.errcode} ${answer.msg}`);
  return answer.datas as T;
}

export async function batchDevices(
  request: APIRequestContext,
  token: string,
  batchId: number,
): Promise<RepairDeviceRow[]> {
  const page = await call<{ list: RepairDeviceRow[] }>(request, token, '/api/repair/device_list', {
    batch_id: batchId,
    page: 1,
    page_size: 100,
  });
  return page.list;
}

export async function deviceDetail(
  request: APIRequestContext,
  token: string,
  deviceId: number,
): Promise<{ device: RepairDeviceRow; events: RepairEventRow[] }> {
  return call(request, token, '/api/repair/device_detail', { device_id: deviceId });
}

/** The ids of the devices "changed today" according to the API (every page). */
export async function changedTodayIds(request: APIRequestContext, token: string): Promise<number[]> {
  const today = await call<{ list: Array<{ device: RepairDeviceRow }>; total: number }>(
    request,
    token,
    '/api/repair/today_schedule_change',
    { page: 1, page_size: 100 },
  );
  return today.list.map((d) => d.device.id).sort((a, b) => a - b);
}

/**
 * Moves the e2e server's sandbox clock on for the shop of `token` (hours may be 0: then it only
 * answers that shop's total).
 */
export async function advanceSandbox(
  request: APIRequestContext,
  token: string,
  hours: number,
): Promise<number> {
  const answer = await (
    await request.post('/sandbox/repair/advance', { data: { hours }, headers: { token } })
  ).json();
  if (!answer.ok) throw new Error(`advance ${hours}: refused`);
  return answer.advance_hours as number;
}

/** A batch with devices, taken in through the API (for tests where the intake form is not tested). */
export async function seedBatch(
  request: APIRequestContext,
  token: string,
  title: string,
  lines: Array<{ ident: string; repair_ids: string[]; customer_name: string; customer_phone?: string }>,
): Promise<{ batchId: number; deviceIds: number[] }> {
  const batch = await call<{ id: number }>(request, token, '/api/repair/batch_create', { title });
  const intake = await call<{ device_ids: number[]; rejected: unknown[] }>(
    request,
    token,
    '/api/repair/device_intake',
    { batch_id: batch.id, lines },
  );
  if (intake.rejected.length) throw new Error(`seed intake refused ${JSON.stringify(intake.rejected)}`);
  return { batchId: batch.id, deviceIds: intake.device_ids };
}
