// Shared by the checks feature (picker, results) and the wallet (ledger entries name their service).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GroupCode, ServiceCode } from '#contract/schemas/checks-catalogue.ts';

/** The PWA's own names of the catalogue's services and groups (the server's are Chinese only). */
export const SERVICE_NAMES: Record<ServiceCode, MessageDescriptor> = {
  warranty: msg`Warranty and coverage`,
  activation_lock: msg`Activation lock`,
  id_blacklist: msg`ID blacklist`,
  id_monitor: msg`ID lock monitor (15 days)`,
  network_lock: msg`Network (SIM) lock`,
  carrier: msg`Carrier`,
  in_repair: msg`Currently in repair`,
  network_lock_monitor: msg`Network lock monitor`,
  sale_country: msg`Country of sale`,
  gsx_text: msg`GSX text`,
  gsx_image: msg`GSX image`,
  mdm_lock: msg`MDM lock`,
  sn_to_imei: msg`SN to IMEI`,
  full_check: msg`Full check`,
};

export const GROUP_NAMES: Record<GroupCode, MessageDescriptor> = {
  basic: msg`Basic`,
  locks: msg`Locks`,
  network: msg`Network`,
  gsx: msg`GSX`,
  bundle: msg`Bundles`,
};
