import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type { DeviceFacts } from './provider.ts';
import type { SandboxDevice } from './sandbox-device.ts';
import { sandboxGsxImageSummary, sandboxGsxText } from './sandbox-gsx.ts';

export type FactField = keyof DeviceFacts;

const WARRANTY_FIELDS = [
  'model',
  'capacity',
  'colour',
  'network_model',
  'warranty_type',
  'purchase_date',
  'warranty_end',
  'warranty_days_left',
  'replaced',
  'phone_support',
  'purchase_verified',
  'loaner',
  'activated',
] as const satisfies readonly FactField[];

const NETWORK_FIELDS = ['network_lock', 'carrier', 'carrier_country'] as const satisfies readonly FactField[];

/** The device fields each service answers (full_check: all of them). */
export const SERVICE_FIELDS: Readonly<Record<ServiceCode, readonly FactField[]>> = {
  warranty: WARRANTY_FIELDS,
  activation_lock: ['activation_lock'],
  id_blacklist: ['id_blacklist'],
  // The monitor reports the lock as it is now and watches it until id_monitor_end.
  id_monitor: ['activation_lock', 'id_monitor_end'],
  network_lock: NETWORK_FIELDS,
  carrier: ['carrier', 'carrier_country'],
  in_repair: ['in_repair'],
  network_lock_monitor: NETWORK_FIELDS,
  sale_country: ['sale_country'],
  gsx_text: ['gsx_text'],
  gsx_image: ['gsx_text'],
  mdm_lock: ['mdm_lock'],
  sn_to_imei: ['sn', 'imei', 'imei2'],
  full_check: [
    'sn',
    'imei',
    'imei2',
    ...WARRANTY_FIELDS,
    'activation_lock',
    'id_blacklist',
    'id_monitor_end',
    ...NETWORK_FIELDS,
    'sale_country',
    'in_repair',
    'mdm_lock',
    'gsx_text',
  ],
};

/** What upstream charges per call, in hundredths of a point (the sandbox's made-up price list). */
export const SANDBOX_COSTS: Readonly<Record<ServiceCode, number>> = {
  warranty: 20,
  activation_lock: 15,
  id_blacklist: 15,
  id_monitor: 30,
  network_lock: 25,
  carrier: 25,
  in_repair: 15,
  network_lock_monitor: 40,
  sale_country: 20,
  gsx_text: 80,
  gsx_image: 100,
  mdm_lock: 30,
  sn_to_imei: 15,
  full_check: 250,
};

/** A service's answer about a device: its fields of the profile, nothing else. */
export function sandboxFacts(service: ServiceCode, device: SandboxDevice): DeviceFacts {
  const facts: Record<string, unknown> = {};
  for (const field of SERVICE_FIELDS[service]) {
    facts[field] =
      field === 'gsx_text'
        ? service === 'gsx_image'
          ? sandboxGsxImageSummary(device)
          : sandboxGsxText(device)
        : device[field as Exclude<FactField, 'gsx_text'>];
  }
  return facts as DeviceFacts;
}
