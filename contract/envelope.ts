import { z } from 'zod';

/** The answer of every call: `{ errcode, msg, datas }` (spec section 8). */
export interface Envelope<T> {
  errcode: number;
  msg: string;
  datas: T;
}

export const envelopeSchema = <T extends z.ZodType>(datas: T) =>
  z.object({ errcode: z.number().int(), msg: z.string(), datas });

/** Field-level detail of an INVALID_INPUT answer: `datas.fields[path] = message`. */
export const invalidInputDatasSchema = z.object({
  fields: z.record(z.string(), z.string()),
});
export type InvalidInputDatas = z.infer<typeof invalidInputDatasSchema>;

/** Datas of a RATE_LIMITED answer: how long to wait. */
export const rateLimitedDatasSchema = z.object({ retry_after_seconds: z.number().int().nonnegative() });
export type RateLimitedDatas = z.infer<typeof rateLimitedDatasSchema>;
