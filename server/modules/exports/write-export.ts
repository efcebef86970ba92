import type { Kysely } from 'kysely';
import { checkColumnIds } from '#contract/schemas/checks-columns.ts';
import type { ExportLang } from '#contract/schemas/checks-export.ts';
import { compileFilter, resultFilter } from '#contract/results-filter/filter.ts';
import type { Database } from '#server/db/schema.ts';
import { toDeviceRow } from '#server/modules/checks/results-service.ts';
import { cellOf, widthOf } from './cells.ts';
import { ExportStopped } from './export-stopped.ts';
import { EXPORT_WORDS } from './labels.ts';
import { XlsxStreamWriter } from './xlsx-writer.ts';
import type { ExportRecord } from './repository.ts';

/** Devices read per query: bounded memory, few round trips. */
const PAGE = 2000;

export { ExportStopped };

/**
 * Writes one export's file: the order's devices in pages (keyset on id), each tested against the
 * filter and written as a row. `tick` is called after each page with the devices read and rows
 * written; it answers false when the job must stop (deleted, lease lost, process stopping), and the
 * writer is abandoned (the caller removes the file).
 */
export async function writeExport(
  db: Kysely<Database>,
  job: ExportRecord,
  path: string,
  tick: (scanned: number, total: number, rows: number) => Promise<boolean>,
): Promise<{ rows: number; size: number }> {
  const { ids: columns } = checkColumnIds(JSON.parse(job.columns) as string[]);
  const filter = resultFilter.parse(JSON.parse(job.filter));
  const dims = compileFilter(filter);
  const words = EXPORT_WORDS[job.lang as ExportLang] ?? EXPORT_WORDS.zh;
  const headers = columns.map((c) => words.headers[c]);
  const totalRow = await db
    .selectFrom('check_devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', job.order_id)
    .where('account_id', '=', job.account_id)
    .executeTakeFirstOrThrow();
  const total = Number(totalRow.n);

  const writer = XlsxStreamWriter.open(path, {
    sheetName: words.sheet,
    widths: columns.map((c, i) => widthOf(headers[i] as string, c)),
  });
  try {
    await writer.writeRow(headers, true);
    let after = 0;
    let scanned = 0;
    let rows = 0;
    for (;;) {
      const page = await db
        .selectFrom('check_devices')
        .selectAll()
        .where('order_id', '=', job.order_id)
        .where('account_id', '=', job.account_id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      for (const record of page) {
        const device = toDeviceRow(record, []);
        if (!dims.every((d) => d.test(device, 0))) continue;
        await writer.writeRow(columns.map((c) => cellOf(device, c, words, job.lang)));
        rows++;
      }
      scanned += page.length;
      if (page.length > 0) after = (page[page.length - 1] as (typeof page)[number]).id;
      const last = page.length < PAGE;
      if (!last && !(await tick(scanned, total, rows))) throw new ExportStopped();
      if (last) break;
    }
    const size = await writer.close();
    return { rows, size };
  } catch (err) {
    writer.abort();
    throw err;
  }
}
