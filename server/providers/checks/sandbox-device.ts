import type { TriState, WarrantyType } from '#contract/schemas/checks-results.ts';
import { DrawStream, fnv1a } from './sandbox-hash.ts';
import { SANDBOX_COUNTRIES, SANDBOX_MODELS, UNLOCKED_CARRIER, type SandboxModel } from './sandbox-models.ts';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';

/**
 * Everything the sandbox "knows" about one device, derived from a seed (the hash of its SN, else its
 * IMEI) and today's date. The draws are taken in a fixed order from the seed alone, so every service
 * tells the same story about a device (model, colour, dates, locks); each service then answers its
 * own fields of this profile (sandbox-facts.ts).
 */
export interface SandboxDevice {
  sn: string;
  imei: string;
  imei2: string;
  model: string | null;
  capacity: string | null;
  colour: string | null;
  network_model: string | null;
  warranty_type: WarrantyType;
  purchase_date: string | null;
  warranty_end: string | null;
  warranty_days_left: number | null;
  replaced: TriState;
  phone_support: TriState;
  purchase_verified: TriState;
  loaner: TriState;
  activated: TriState;
  activation_lock: TriState;
  id_blacklist: TriState;
  id_monitor_end: string;
  network_lock: TriState;
  carrier: string;
  carrier_country: string;
  sale_country: string;
  in_repair: TriState;
  mdm_lock: TriState;
  /** The model as the device really is (the warranty answer hides it for a bad serial). */
  trueModel: SandboxModel;
  /** Today as the profile saw it, YYYY-MM-DD. */
  today: string;
}

export const DAY_MS = 24 * 3600 * 1000;

/** How often each warranty answer comes up (out of 100): second-hand stock is mostly out of warranty. */
export const WARRANTY_WEIGHTS: readonly (readonly [WarrantyType, number])[] = [
  ['out_of_warranty', 40],
  ['limited', 25],
  ['applecare_plus', 12],
  ['replaced', 6],
  ['purchase_not_verified', 6],
  ['not_activated', 5],
  ['bad_serial', 4],
  ['loaner', 2],
];

/** Shares of the yes answers of the lock and repair checks. */
export const YES_SHARES = {
  activation_lock: 0.12,
  id_blacklist: 0.03,
  in_repair: 0.03,
  mdm_lock: 0.02,
} as const;

/** Days of the ID-lock monitor (domain.md: "ID-lock monitor (15 days)"). */
export const ID_MONITOR_DAYS = 15;

const LIMITED_DAYS = 365;
const APPLECARE_DAYS = 730;
const PHONE_SUPPORT_DAYS = 90;
const SERIAL_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'; // no O, no I
const MARKET_INDEX = { cn: 0, us: 1, global: 2 } as const;
const COUNTRY_WEIGHTS = SANDBOX_COUNTRIES.map((c) => [c, c.weight] as const);
const MODEL_RELEASE_DAYS = SANDBOX_MODELS.map((m) => Date.parse(`${m.released}T00:00:00Z`) / DAY_MS);

/** YYYY-MM-DD of a day number (days since 1970-01-01, UTC), cached: the same few days recur. */
export function isoDay(day: number): string {
  let iso = ISO_DAYS.get(day);
  if (iso === undefined) {
    if (ISO_DAYS.size >= 20_000) ISO_DAYS.clear();
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    ISO_DAYS.set(day, iso);
  }
  return iso;
}
const ISO_DAYS = new Map<number, string>();

export function sandboxDevice(
  seed: number,
  input: { sn: string | null; imei: string | null },
  nowMs: number,
): SandboxDevice {
  const today = Math.floor(nowMs / DAY_MS);
  const d = new DrawStream(seed);

  const warrantyType = d.weighted(WARRANTY_WEIGHTS);
  const country = d.weighted(COUNTRY_WEIGHTS);
  const locked = d.next() < country.lockedShare;
  const lockCarrier = d.pick(country.carriers);

  // Dates first (they follow from the warranty answer), then a model that existed by then.
  let purchaseDay: number | null = null;
  let warrantyEndDay: number | null = null;
  const ago = d.next();
  switch (warrantyType) {
    case 'applecare_plus':
      purchaseDay = today - 1 - Math.floor(ago * (APPLECARE_DAYS - 31));
      warrantyEndDay = purchaseDay + APPLECARE_DAYS;
      break;
    case 'limited':
      purchaseDay = today - 1 - Math.floor(ago * (LIMITED_DAYS - 6));
      warrantyEndDay = purchaseDay + LIMITED_DAYS;
      break;
    case 'out_of_warranty':
      purchaseDay = today - LIMITED_DAYS - 1 - Math.floor(ago * 4 * LIMITED_DAYS);
      warrantyEndDay = purchaseDay + LIMITED_DAYS;
      break;
    case 'replaced':
      purchaseDay = today - 30 - Math.floor(ago * 900);
      warrantyEndDay = purchaseDay + LIMITED_DAYS;
      break;
    case 'purchase_not_verified':
      // Apple estimates the coverage from the first activation; the purchase date stays unknown.
      warrantyEndDay = today - 1 - Math.floor(ago * 700) + LIMITED_DAYS;
      break;
    default:
      break;
  }
  const latestRelease = purchaseDay ?? (warrantyEndDay === null ? today : warrantyEndDay - LIMITED_DAYS);
  const modelIndex = pickModelIndex(d.next(), latestRelease);
  const model = SANDBOX_MODELS[modelIndex] as SandboxModel;
  const capacity = d.pick(model.capacities);
  const colour = d.pick(model.colours);

  const idBlacklist = d.next() < YES_SHARES.id_blacklist;
  // A blacklisted (lost or stolen) device is locked to its owner's Apple ID as well.
  const activationLock = idBlacklist || d.next() < YES_SHARES.activation_lock;
  const inRepair = d.next() < YES_SHARES.in_repair;
  const mdmLock = d.next() < YES_SHARES.mdm_lock;

  const tac = `35${String(300000 + modelIndex * 10 + MARKET_INDEX[country.market]).padStart(6, '0')}`;
  const derivedImei = withLuhn(tac + String(d.int(0, 999999)).padStart(6, '0'));
  const imei2 = withLuhn(tac + String(d.int(0, 999999)).padStart(6, '0'));
  let derivedSn = '';
  const snLength = model.randomSerial ? 10 : 12;
  for (let i = 0; i < snLength; i++) derivedSn += d.pick(SERIAL_ALPHABET);

  const bad = warrantyType === 'bad_serial';
  const known = (yes: boolean): TriState => (bad ? 'unknown' : yes ? 'yes' : 'no');
  const daysLeft = warrantyEndDay === null ? null : Math.max(0, warrantyEndDay - today);

  return {
    sn: input.sn ?? derivedSn,
    imei: input.imei ?? derivedImei,
    imei2,
    model: bad ? null : model.name,
    capacity: bad ? null : capacity,
    colour: bad ? null : colour,
    network_model: bad ? null : model.networkModels[country.market],
    warranty_type: warrantyType,
    purchase_date: purchaseDay === null ? null : isoDay(purchaseDay),
    warranty_end: warrantyEndDay === null ? null : isoDay(warrantyEndDay),
    warranty_days_left: daysLeft,
    replaced: known(warrantyType === 'replaced'),
    phone_support: known(
      warrantyType === 'applecare_plus' ||
        (warrantyType === 'limited' && purchaseDay !== null && today - purchaseDay < PHONE_SUPPORT_DAYS),
    ),
    purchase_verified: known(
      warrantyType !== 'not_activated' &&
        warrantyType !== 'purchase_not_verified' &&
        warrantyType !== 'loaner',
    ),
    loaner: known(warrantyType === 'loaner'),
    activated: known(warrantyType !== 'not_activated'),
    activation_lock: activationLock ? 'yes' : 'no',
    id_blacklist: idBlacklist ? 'yes' : 'no',
    id_monitor_end: isoDay(today + ID_MONITOR_DAYS),
    network_lock: locked ? 'yes' : 'no',
    carrier: locked ? lockCarrier : UNLOCKED_CARRIER,
    carrier_country: country.name,
    sale_country: country.name,
    in_repair: inRepair ? 'yes' : 'no',
    mdm_lock: mdmLock ? 'yes' : 'no',
    trueModel: model,
    today: isoDay(today),
  };
}

/**
 * The model the sandbox says a device is, for the other sandboxes (repairs): the same profile the
 * check sandbox answers from, seeded the same way (its SN, else its IMEI), so one identifier is one
 * model everywhere (issue 27). The true model: a check's warranty answer hides it for a bad serial,
 * but the repair side still knows what it holds.
 */
export function sandboxModelName(sn: string | null, imei: string | null, nowMs: number): string {
  return sandboxDevice(fnv1a(sn ?? imei ?? ''), { sn, imei }, nowMs).trueModel.name;
}

/** A model released on or before `day` (the oldest one when the clock is set before them all). */
function pickModelIndex(x: number, day: number): number {
  let eligible = 0;
  while (eligible < MODEL_RELEASE_DAYS.length && (MODEL_RELEASE_DAYS[eligible] as number) <= day) eligible++;
  return eligible === 0 ? 0 : Math.floor(x * eligible);
}

/** The 14 digits with their Luhn check digit appended (an IMEI). */
export function withLuhn(first14: string): string {
  return first14 + String(luhnCheckDigit(first14));
}
