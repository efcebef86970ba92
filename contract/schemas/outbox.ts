import { z } from 'zod';

/** Most writes one outbox batch carries (docs/decisions/0027-outbox-batch-replay.md). */
export const OUTBOX_BATCH_MAX = 100;

/** One queued write as the PWA recorded it: its endpoint's path and its body, request_id included. */
export const outboxWrite = z.object({
  path: z
    .string()
    .max(100)
    .regex(/^\/api(\/[a-z0-9_]+)+$/, { error: 'Not an API path.' }),
  // Field names only; each value is checked by its endpoint's own schema when the write is replayed.
  body: z.record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { error: 'Not a field name.' }),
    z.unknown(),
  ),
});

export const outboxReplayInput = z.object({
  writes: z.array(outboxWrite).min(1).max(OUTBOX_BATCH_MAX),
});

/** One write's own answer: the envelope its endpoint gave (or gave before, replayed by its request_id). */
export const outboxWriteAnswer = z.object({
  errcode: z.number().int(),
  msg: z.string(),
  datas: z.unknown(),
});

/**
 * The answers of the writes applied, in order: every one up to and including the first refusal; the
 * writes after a refusal are not tried (their answers are absent).
 */
export const outboxReplayOutput = z.object({ answers: z.array(outboxWriteAnswer) });

export type OutboxWriteAnswer = z.infer<typeof outboxWriteAnswer>;
