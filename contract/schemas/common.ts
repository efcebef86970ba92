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

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Paging of every paged list: `page` (from 1) and `page_size` (1-100), defaulting to the first page of 20. */
export const pageFields = {
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};
