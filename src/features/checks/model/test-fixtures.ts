import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';

/** A catalogue service for model tests. */
export function service(
  id: number,
  code: ServiceRow['code'],
  price: number,
  extra: Partial<ServiceRow> = {},
): ServiceRow {
  return {
    id,
    group_id: 1,
    code,
    name: code,
    description: '',
    price,
    maintenance: false,
    depends_on: [],
    fresh_hours: 0,
    sort: id,
    ...extra,
  };
}

/** A checked device with nothing known yet, for model tests and the table bench. */
export function device(id: number, extra: Partial<DeviceResultRow> = {}): DeviceResultRow {
  return {
    id,
    input: `F2LXK1ABHG${String(id).padStart(2, '0')}`,
    sn: null,
    imei: null,
    imei2: null,
    tac_model: null,
    factory: null,
    manufactured: null,
    model: null,
    capacity: null,
    colour: null,
    network_model: null,
    warranty_type: null,
    purchase_date: null,
    warranty_end: null,
    warranty_days_left: null,
    replaced: 'unknown',
    phone_support: 'unknown',
    purchase_verified: 'unknown',
    loaner: 'unknown',
    activated: 'unknown',
    activation_lock: 'unknown',
    id_blacklist: 'unknown',
    id_monitor_end: null,
    network_lock: 'unknown',
    carrier: null,
    carrier_country: null,
    sale_country: null,
    in_repair: 'unknown',
    mdm_lock: 'unknown',
    gsx_text: null,
    status: 'pending',
    jobs: [],
    updated_ms: 0,
    ...extra,
  };
}
