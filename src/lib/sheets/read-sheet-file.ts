import { withLoadingOverlay } from '#src/lib/loading-overlay.ts';
import type { SheetRows } from './parse-sheet.ts';
import { sheetKind } from './sheet-kind.ts';
import type { SheetWorkerAnswer, SheetWorkerRequest } from './sheet.worker.ts';

export class SheetImportError extends Error {
  readonly kind: 'unsupported' | 'unreadable';
  constructor(kind: 'unsupported' | 'unreadable', message: string) {
    super(message);
    this.name = 'SheetImportError';
    this.kind = kind;
  }
}

/**
 * Reads a CSV/TSV/TXT or XLSX file as rows of text, behind the app's loading overlay
 * ('解析表格中,请稍后...'). The parsers (Papa Parse, read-excel-file) run in a Web Worker, so they
 * are fetched only when a file is imported and a big file never freezes the page; without Worker
 * support (old browsers, the test DOM) they are loaded into the page instead.
 */
export function readSheetRows(file: File): Promise<SheetRows> {
  const kind = sheetKind(file.name);
  if (!kind) return Promise.reject(new SheetImportError('unsupported', file.name));
  return withLoadingOverlay(async () => {
    const data = await file.arrayBuffer();
    if (typeof Worker === 'undefined') {
      const { parseSheet } = await import('./parse-sheet.ts');
      try {
        return await parseSheet(kind, data);
      } catch (err) {
        throw new SheetImportError('unreadable', err instanceof Error ? err.message : String(err));
      }
    }
    const worker = new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' });
    try {
      const answer = await new Promise<SheetWorkerAnswer>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<SheetWorkerAnswer>) => resolve(event.data);
        worker.onerror = (event) => reject(new SheetImportError('unreadable', event.message));
        const request: SheetWorkerRequest = { kind, data };
        worker.postMessage(request, [data]);
      });
      if (!answer.ok) throw new SheetImportError('unreadable', answer.message);
      return answer.rows;
    } finally {
      worker.terminate();
    }
  });
}
