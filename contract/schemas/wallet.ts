import { z } from 'zod';
import { hundredths, pageFields, requestId, unixTime } from './common.ts';

/**
 * A package (combo) on sale in the shopping center, bought with points (`pay_integral`); `price` is
 * its price in money, shown beside the points. Buying grants `vip_level` for `vip_days` days (added
 * to a running VIP of the same level) and `check_quota` device checks.
 */
export const comboRow = z.object({
  id: z.number().int(),
  /** Chinese, the operator's first language; the fallback of the others. */
  name: z.string(),
  description: z.string(),
  /** English and Spanish name and description; '' when the operator gave none (decision 0044). */
  name_en: z.string().default(''),
  name_es: z.string().default(''),
  description_en: z.string().default(''),
  description_es: z.string().default(''),
  /** Cost in points, hundredths. */
  points: hundredths.nonnegative(),
  /** Cost in money, hundredths of a yuan (CNY). */
  price: hundredths.nonnegative(),
  /** The VIP level it grants; 0 = none. */
  vip_level: z.number().int().nonnegative(),
  /** VIP days it grants; 0 = none. */
  vip_days: z.number().int().nonnegative(),
  /** Device checks it includes; 0 = none. */
  check_quota: z.number().int().nonnegative(),
  /** Display order, ascending. */
  sort: z.number().int(),
});
export type ComboRow = z.infer<typeof comboRow>;

/** The packages on sale, in `sort` order. */
export const accountPriceOutput = z.object({ list: z.array(comboRow) });
export type AccountPrice = z.infer<typeof accountPriceOutput>;

/** Buy one package with the account's points. Refused when the balance is short. */
export const payIntegralInput = z.object({
  combo_id: z.number().int().positive(),
  request_id: requestId.optional(),
});
export type PayIntegralInput = z.input<typeof payIntegralInput>;

/** The wallet and VIP state right after the purchase. */
export const payIntegralOutput = z.object({
  /** The purchase, as listed by `buy_record`. */
  record_id: z.number().int(),
  /** Points left, hundredths. */
  integral: hundredths,
  vip_level: z.number().int().nonnegative(),
  vip_end_time: unixTime,
});
export type PayIntegralDatas = z.infer<typeof payIntegralOutput>;

/** What is left of one bought package. */
export const packageSurplusRow = z.object({
  /** The purchase it comes from (`buy_record` id). */
  record_id: z.number().int(),
  combo_id: z.number().int(),
  name: z.string(),
  /** The name in English and Spanish; '' when none. */
  name_en: z.string().default(''),
  name_es: z.string().default(''),
  /** Device checks bought with it. */
  check_quota: z.number().int().nonnegative(),
  /** Device checks still unused. */
  check_left: z.number().int().nonnegative(),
  bought_at: unixTime,
  /** When the unused checks lapse; 0 = never. */
  expires_at: unixTime,
});
export type PackageSurplusRow = z.infer<typeof packageSurplusRow>;

/** The account's bought packages that still have something left, oldest first (used first). */
export const packageSurplusOutput = z.object({ list: z.array(packageSurplusRow) });
export type PackageSurplus = z.infer<typeof packageSurplusOutput>;

/** What a purchase granted, to filter the purchase record by: VIP days, or device checks. */
export const PURCHASE_KINDS = ['vip', 'checks'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export const buyRecordInput = z
  .object({
    ...pageFields,
    /** Only purchases that granted VIP days ('vip') or device checks ('checks'); a combo may do both. */
    kind: z.enum(PURCHASE_KINDS).optional(),
  })
  .prefault({});
export type BuyRecordInput = z.input<typeof buyRecordInput>;

/** One purchase of a package, as it was at the time (later combo edits do not change it). */
export const buyRecordRow = z.object({
  id: z.number().int(),
  combo_id: z.number().int(),
  combo_name: z.string(),
  /** The combo's name in English and Spanish as it was; '' when none. */
  combo_name_en: z.string().default(''),
  combo_name_es: z.string().default(''),
  /** Points paid, hundredths. */
  points: hundredths.nonnegative(),
  vip_level: z.number().int().nonnegative(),
  vip_days: z.number().int().nonnegative(),
  check_quota: z.number().int().nonnegative(),
  /** Who bought it (an Admin of the account). */
  user_id: z.number().int(),
  username: z.string(),
  created_at: unixTime,
});
export type BuyRecordRow = z.infer<typeof buyRecordRow>;

/** One page of the account's purchases, newest first. */
export const buyRecordOutput = z.object({
  list: z.array(buyRecordRow),
  total: z.number().int().nonnegative(),
});
export type BuyRecord = z.infer<typeof buyRecordOutput>;
