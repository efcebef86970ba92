import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { checkColumnIds, DEFAULT_EXPORT_COLUMNS } from '#contract/schemas/checks-columns.ts';
import {
  EXPORTS_OPEN_MAX,
  type ExportLinkDatas,
  type ExportListDatas,
  type ExportRow,
} from '#contract/schemas/checks-export.ts';
import { normalizeFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import type { ExportLang } from '#contract/schemas/checks-export.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { OrderRepository } from '#server/modules/checks/order-repository.ts';
import { ExportRepository, toExportRow } from './repository.ts';
import type { LinkSigner } from './link-signer.ts';
import { DEFAULT_TIME_ZONE, localStamp, shopTimeZone } from '#server/lib/shop-time.ts';

/** How long a download link works. */
export const LINK_TTL_MS = 5 * 60_000;
const LIST_MAX = 200;

/**
 * A file name any system takes: the order's title (or number) and the time of the export on the
 * shop's clock (its time zone, as its screens show times), YYYYMMDD-HHmm.
 */
export function exportFileName(
  title: string,
  orderId: number,
  nowMs: number,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  const wall = localStamp(timeZone, nowMs);
  const stamp = `${wall.slice(0, 8)}-${wall.slice(8, 12)}`;
  const clean = title
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    .replace(/[\u0000-\u001F\u007F/\\:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return `${clean || `order-${orderId}`}-${stamp}.xlsx`;
}

export interface ExportServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  signer: LinkSigner;
  /** EXPORTS_DIR. */
  dir: string;
  /** The user's saved export columns, when the column settings know them. */
  savedColumns?: (user: AuthUser) => Promise<readonly string[] | null>;
  /** A job was queued or changed by a user: the runner looks at once, the account hears of it. */
  changed: (accountId: number, row: ExportRow | null) => void;
}

/** Excel exports as the download center sees them: start, list, link, retry, delete, download. */
export class ExportService {
  private readonly repo: ExportRepository;
  private readonly deps: ExportServiceDeps;
  constructor(deps: ExportServiceDeps) {
    this.deps = deps;
    this.repo = new ExportRepository(deps.db);
  }

  async create(
    user: AuthUser,
    input: { order_id: number; columns?: string[]; filter: ResultFilter; lang: ExportLang },
  ): Promise<ExportRow> {
    const order = await new OrderRepository(this.deps.db).findOrder(user.account_id, input.order_id);
    if (!order) throw new AppError(ErrCode.ORDER_NOT_FOUND);
    const requested = input.columns ?? (await this.deps.savedColumns?.(user)) ?? DEFAULT_EXPORT_COLUMNS;
    const { unknown, ids } = checkColumnIds(requested);
    if (unknown.length > 0)
      throw new AppError(ErrCode.EXPORT_COLUMNS_UNKNOWN, `导出列不存在：${unknown.slice(0, 10).join(', ')}`, {
        unknown,
      });
    if ((await this.repo.openCount(user.account_id)) >= EXPORTS_OPEN_MAX)
      throw new AppError(ErrCode.EXPORT_TOO_MANY);
    const now = this.deps.clock.now();
    const row = await this.repo.insert({
      account_id: user.account_id,
      user_id: user.user_id,
      order_id: order.id,
      file_name: exportFileName(
        order.title,
        order.id,
        now,
        await shopTimeZone(this.deps.db, user.account_id),
      ),
      columns: JSON.stringify(ids),
      filter: JSON.stringify(normalizeFilter(input.filter)),
      lang: input.lang,
      created_ms: now,
    });
    const out = toExportRow(row);
    this.deps.changed(user.account_id, out);
    return out;
  }

  async list(user: AuthUser): Promise<ExportListDatas> {
    return { list: (await this.repo.list(user.account_id, LIST_MAX)).map(toExportRow) };
  }

  private async ready(user: AuthUser, exportId: number) {
    const job = await this.repo.find(user.account_id, exportId);
    if (!job) throw new AppError(ErrCode.EXPORT_NOT_FOUND);
    if (job.state === 'expired' || (job.state === 'done' && Number(job.expires_ms) <= this.deps.clock.now()))
      throw new AppError(ErrCode.EXPORT_FILE_EXPIRED);
    if (job.state !== 'done' || !job.file_key) throw new AppError(ErrCode.EXPORT_NOT_READY);
    return job;
  }

  async link(user: AuthUser, exportId: number): Promise<ExportLinkDatas> {
    await this.ready(user, exportId);
    const expiresMs = this.deps.clock.now() + LINK_TTL_MS;
    const url = await this.deps.signer.url({ exportId, accountId: user.account_id, expiresMs });
    return { url, expires_at: Math.floor(expiresMs / 1000) };
  }

  async retry(user: AuthUser, exportId: number): Promise<ExportRow> {
    const job = await this.repo.find(user.account_id, exportId);
    if (!job) throw new AppError(ErrCode.EXPORT_NOT_FOUND);
    if ((await this.repo.openCount(user.account_id)) >= EXPORTS_OPEN_MAX)
      throw new AppError(ErrCode.EXPORT_TOO_MANY);
    const row = await this.repo.requeue(user.account_id, exportId);
    if (!row) throw new AppError(ErrCode.EXPORT_NOT_RETRYABLE);
    const out = toExportRow(row);
    this.deps.changed(user.account_id, out);
    return out;
  }

  async remove(user: AuthUser, exportId: number): Promise<null> {
    const row = await this.repo.remove(user.account_id, exportId);
    if (!row) throw new AppError(ErrCode.EXPORT_NOT_FOUND);
    // A running job notices at its next heartbeat and removes its own temporary file.
    if (row.file_key) await rm(join(this.deps.dir, row.file_key), { force: true });
    this.deps.changed(user.account_id, null);
    return null;
  }

  /** The file of a signed link, for the signed-in caller's account. */
  async open(user: AuthUser, query: Record<string, unknown>) {
    const exportId = await this.deps.signer.verify(query, user.account_id, this.deps.clock.now());
    const job = await this.ready(user, exportId);
    const path = join(this.deps.dir, job.file_key as string);
    const info = await stat(path).catch(() => null);
    if (!info) throw new AppError(ErrCode.EXPORT_FILE_EXPIRED);
    return { stream: createReadStream(path), size: info.size, fileName: job.file_name };
  }
}
