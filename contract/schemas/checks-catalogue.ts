import { z } from 'zod';
import { hundredths } from './common.ts';
import { SERVICE_CODES } from '../values/checks-catalogue.ts';
export * from '../values/checks-catalogue.ts';

export const serviceCode = z.enum(SERVICE_CODES);

export const GROUP_CODES = ['basic', 'locks', 'network', 'gsx', 'bundle'] as const;
export type GroupCode = (typeof GROUP_CODES)[number];

/** A group of services, as the picker shows them. */
export const serviceGroupRow = z.object({
  id: z.number().int(),
  code: z.enum(GROUP_CODES),
  /** Server's name (Chinese); the PWA translates by `code`. */
  name: z.string(),
  /** Display order, ascending. */
  sort: z.number().int(),
});
export type ServiceGroupRow = z.infer<typeof serviceGroupRow>;

export const serviceGroupOutput = z.object({ list: z.array(serviceGroupRow) });
export type ServiceGroupDatas = z.infer<typeof serviceGroupOutput>;

/** One check service with its price per device. */
export const serviceRow = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  code: serviceCode,
  /** Server's name (Chinese); the PWA translates by `code`. */
  name: z.string(),
  description: z.string(),
  /** Points per device, hundredths. */
  price: hundredths.nonnegative(),
  /** Under maintenance: shown but cannot be ordered. */
  maintenance: z.boolean(),
  /** Services that must run first on the same device (added to the order automatically). */
  depends_on: z.array(serviceCode),
  /** How long a result of this service is reused without a new paid call, in hours (0 = never). */
  fresh_hours: z.number().int().nonnegative(),
  /** Display order inside its group, ascending. */
  sort: z.number().int(),
});
export type ServiceRow = z.infer<typeof serviceRow>;

/** `combo_list`: every service, or those of one group. */
export const comboListInput = z.object({ group_id: z.number().int().positive().optional() }).default({});
export type ComboListInput = z.input<typeof comboListInput>;
export const comboListOutput = z.object({ list: z.array(serviceRow) });
export type ComboListDatas = z.infer<typeof comboListOutput>;
