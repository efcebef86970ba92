// Synthetic check results for the browser benches (bench:table, bench:facets): devices with varied
// facts (models, capacities, colours, tri-states, warranty days), a finished order.
import type { DeviceResultRow, TriState } from '#contract/schemas/checks-results.ts';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { WARRANTY_TYPES } from '#contract/schemas/checks-results.ts';
import { device } from '#tests/fixtures/checks-rows.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';

const TRI: TriState[] = ['yes', 'no', 'unknown'];
const MODELS = ['iPhone 13 Pro', 'iPhone 12', 'iPhone 14 Pro Max', 'iPhone 11', 'iPhone SE (3rd gen)'];
const COLOURS = ['Graphite', 'Sierra Blue', 'Midnight', 'Starlight', 'Red'];

export function syntheticDevices(n: number): DeviceResultRow[] {
  return Array.from({ length: n }, (_, i) => {
    const imei = imeiWithCheckDigit(String(35325610000000 + i * 13));
    const sn = `F${(1_000_000_000 + i * 7919).toString(36).toUpperCase().padStart(11, 'X').slice(0, 11)}`;
    const failed = i % 17 === 0;
    return device(i + 1, {
      input: i % 2 ? imei : sn,
      sn,
      imei,
      imei2: imeiWithCheckDigit(String(35325611000000 + i * 13)),
      model: MODELS[i % MODELS.length]!,
      capacity: `${[64, 128, 256, 512][i % 4]}GB`,
      colour: COLOURS[i % COLOURS.length]!,
      network_model: 'A2638',
      warranty_type: WARRANTY_TYPES[i % WARRANTY_TYPES.length]!,
      purchase_date: '2024-03-15',
      warranty_end: '2025-03-14',
      warranty_days_left: (i % 400) - 100,
      replaced: TRI[i % 3]!,
      phone_support: TRI[(i + 1) % 3]!,
      purchase_verified: TRI[(i + 2) % 3]!,
      loaner: 'no',
      activated: 'yes',
      activation_lock: TRI[i % 3]!,
      id_blacklist: 'no',
      id_monitor_end: null,
      network_lock: TRI[(i + 1) % 3]!,
      carrier: 'China Mobile',
      carrier_country: 'CN',
      sale_country: 'CN',
      in_repair: 'no',
      mdm_lock: 'no',
      tac_model: 'Apple iPhone 13 Pro',
      factory: 'Zhengzhou',
      manufactured: '2023-W14',
      status: failed ? 'partial' : 'success',
      jobs: [
        {
          service: 'warranty',
          status: 'success',
          attempts: 1,
          error: null,
          provider: 'sandbox',
          sandbox: true,
          reused: false,
          finished_at: 1_770_000_000,
        },
        {
          service: 'activation_lock',
          status: failed ? 'failed' : 'success',
          attempts: failed ? 3 : 1,
          error: failed ? 'Provider busy, gave up after 3 attempts' : null,
          provider: 'sandbox',
          sandbox: true,
          reused: false,
          finished_at: 1_770_000_000,
        },
      ],
      updated_ms: 1_770_000_000_000,
    });
  });
}

export const benchOrder = (DEVICES: number, ORDER_ID: number): OrderRow => ({
  id: ORDER_ID,
  title: `Bench: ${DEVICES} devices`,
  remark: '',
  services: ['warranty', 'activation_lock'],
  devices: DEVICES,
  jobs_total: DEVICES * 2,
  jobs_success: DEVICES * 2,
  jobs_failed: 0,
  progress: 100,
  status: 'done',
  price: DEVICES * 80,
  settled: DEVICES * 80,
  refunded: 0,
  frozen: 0,
  created_at: 1_770_000_000,
  creator_name: 'admin',
});
