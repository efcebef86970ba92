import { z } from 'zod';

/** Inputs with no fields still accept (and drop) anything, like every other input. */
export const emptyInput = z.object({}).default({});

/** Answers that carry nothing. */
export const emptyOutput = z.null();

/** Unix time in seconds; 0 when unset. The date filter (spec section 9) also takes milliseconds. */
export const unixTime = z.number().int().nonnegative();

/** A client-generated id that makes a write idempotent (architecture: "The API"). */
export const requestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Points and money travel as integer hundredths. */
export const hundredths = z.number().int();
