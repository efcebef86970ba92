import type { TriState, WarrantyType } from '#contract/schemas/checks-results.ts';
import type { SandboxDevice } from './sandbox-device.ts';

/**
 * GSX-style text blocks for the sandbox's gsx_text and gsx_image services. GSX (Apple's service
 * system) writes English; the first line says, in both languages, that this is made-up data.
 */
export const SANDBOX_GSX_BANNER = '*** 沙盒数据 SANDBOX DATA - 非 Apple 真实数据 / not from Apple ***';

const COVERAGE: Record<WarrantyType, string> = {
  applecare_plus: 'AppleCare+',
  limited: 'Apple Limited Warranty',
  out_of_warranty: 'Out Of Warranty (No Coverage)',
  replaced: 'Replaced Product',
  not_activated: 'Not Activated',
  purchase_not_verified: 'Purchase Date Not Validated',
  loaner: 'Loaner Device',
  bad_serial: 'Serial Number Not Recognised',
};

function yesNo(value: TriState): string {
  return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : 'Unknown';
}

function onOff(value: TriState): string {
  return value === 'yes' ? 'ON' : value === 'no' ? 'OFF' : 'Unknown';
}

/** The text report (gsx_text): every fact in GSX's "Label: value" layout. */
export function sandboxGsxText(device: SandboxDevice): string {
  const model = device.trueModel;
  const product = device.model
    ? `${device.model} ${device.capacity ?? ''} ${device.colour ?? ''}`.trim()
    : 'Unknown';
  const locked = device.network_lock === 'yes';
  return [
    SANDBOX_GSX_BANNER,
    `Serial Number: ${device.sn}`,
    `IMEI Number: ${device.imei}`,
    `IMEI2 Number: ${device.imei2}`,
    `Product Description: ${product}`,
    `Network Model: ${device.network_model ?? 'Unknown'}`,
    `Product Release: ${model.released}`,
    `Warranty Status: ${COVERAGE[device.warranty_type]}`,
    `Estimated Purchase Date: ${device.purchase_date ?? 'Unknown'}`,
    `Coverage End Date: ${device.warranty_end ?? 'Unknown'}`,
    `Days Remaining: ${device.warranty_days_left ?? 'Unknown'}`,
    `Purchase Country: ${device.sale_country}`,
    `Activation Status: ${device.activated === 'yes' ? 'Activated' : device.activated === 'no' ? 'Not Activated' : 'Unknown'}`,
    `Telephone Technical Support: ${device.phone_support === 'yes' ? 'Active' : device.phone_support === 'no' ? 'Expired' : 'Unknown'}`,
    `Purchase Date Validated: ${yesNo(device.purchase_verified)}`,
    `Replaced by Apple: ${yesNo(device.replaced)}`,
    `Loaner Device: ${yesNo(device.loaner)}`,
    `Repair In Progress: ${yesNo(device.in_repair)}`,
    `Find My iPhone: ${onOff(device.activation_lock)}`,
    `iCloud Status: ${device.id_blacklist === 'yes' ? 'Lost Mode (Blacklisted)' : 'Clean'}`,
    `MDM Lock: ${onOff(device.mdm_lock)}`,
    `SIM Lock: ${locked ? 'Locked' : 'Unlocked'}`,
    `Next Tether Policy: ${locked ? `${device.carrier} Locked Policy` : 'Unlocked'}`,
    `Carrier: ${device.carrier} (${device.carrier_country})`,
    `Report Date: ${device.today}`,
  ].join('\n');
}

/**
 * The image service's answer: upstream sends a screenshot of the GSX page; the sandbox has no image,
 * so it answers the few lines such a screenshot is read for.
 */
export function sandboxGsxImageSummary(device: SandboxDevice): string {
  return [
    SANDBOX_GSX_BANNER,
    '[GSX image: none in the sandbox, summary only]',
    `${device.sn} / ${device.imei}`,
    `${device.model ?? 'Unknown'} ${device.capacity ?? ''} ${device.colour ?? ''}`.trimEnd(),
    `${COVERAGE[device.warranty_type]}, until ${device.warranty_end ?? 'Unknown'}`,
    `FMI ${onOff(device.activation_lock)}, SIM ${device.network_lock === 'yes' ? `Locked (${device.carrier})` : 'Unlocked'}, sold in ${device.sale_country}`,
  ].join('\n');
}
