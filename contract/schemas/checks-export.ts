import { z } from 'zod';
import { requestId, safeText, unixTime } from './common.ts';
import { resultFilter } from '../results-filter/filter.ts';
import { EXPORT_LANGS } from '../values/checks-export.ts';
export * from '../values/checks-export.ts';

/** Most unfinished (pending or running) exports one account may have at once. */
export const EXPORTS_OPEN_MAX = 5;

/**
 * Start an Excel export of one check order: the given columns (ids of checks-columns.ts, in order;
 * absent: the caller's saved export columns), only the devices passing `filter`, headers and values
 * in `lang`. Answers the new export job; it runs on the server and reports `exports:progress`.
 */
export const exportCreateInput = z.object({
  order_id: z.number().int().positive(),
  columns: z
    .array(safeText({ min: 1, max: 40 }))
    .min(1)
    .max(100)
    .optional(),
  filter: resultFilter.default({}),
  lang: z.enum(EXPORT_LANGS).default('zh'),
  request_id: requestId.optional(),
});
export type ExportCreateInput = z.input<typeof exportCreateInput>;

export const EXPORT_STATES = ['pending', 'running', 'done', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** One export job as the download center lists it. */
export const exportRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** The file's name when downloaded (order title and date). */
  file_name: z.string(),
  state: z.enum(EXPORT_STATES),
  /** 0-100, rounded down; 100 once done. */
  progress: z.number().int().min(0).max(100),
  /** Devices written so far (all matching devices once done). */
  rows: z.number().int().nonnegative(),
  columns: z.array(z.string()),
  lang: z.enum(EXPORT_LANGS),
  /** Bytes of the finished file; null until done. */
  size: z.number().int().nonnegative().nullable(),
  created_at: unixTime,
  finished_at: unixTime.nullable(),
  /** When the file is deleted (done), or was (expired); null before it is written. */
  expires_at: unixTime.nullable(),
  /** Why it failed, in plain words. */
  error: z.string().nullable(),
});
export type ExportRow = z.infer<typeof exportRow>;

export const exportListOutput = z.object({ list: z.array(exportRow) });
export type ExportListDatas = z.infer<typeof exportListOutput>;

export const exportIdInput = z.object({
  export_id: z.number().int().positive(),
  request_id: requestId.optional(),
});
export type ExportIdInput = z.input<typeof exportIdInput>;

/**
 * A short-lived download link of a finished export: a path under /api/exports/download signed for
 * this account and export, valid until `expires_at`. It is fetched with the session's `token` header;
 * a link of another account is refused.
 */
export const exportLinkOutput = z.object({ url: z.string(), expires_at: unixTime });
export type ExportLinkDatas = z.infer<typeof exportLinkOutput>;

/** The GET route of downloads (not an envelope endpoint: it answers the file). */
export const EXPORT_DOWNLOAD_PATH = '/api/exports/download';
