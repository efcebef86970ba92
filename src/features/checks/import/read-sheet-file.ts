import { withLoadingOverlay } from '#src/lib/loading-overlay.ts';
import { sheetKind } from './parse-sheet.ts';
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
 * Reads the identifiers of a CSV or XLSX file in a Web Worker, behind the app's loading overlay
 * ('解析表格中,请稍后...'). Answers the cells as text, in sheet order.
 */
export function readSheetFile(file: File): Promise<string[]> {
  const kind = sheetKind(file.name);
  if (!kind) return Promise.reject(new SheetImportError('unsupported', file.name));
  return withLoadingOverlay(async () => {
    const data = await file.arrayBuffer();
    const worker = new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' });
    try {
      const answer = await new Promise<SheetWorkerAnswer>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<SheetWorkerAnswer>) => resolve(event.data);
        worker.onerror = (event) => reject(new SheetImportError('unreadable', event.message));
        const request: SheetWorkerRequest = { kind, data };
        worker.postMessage(request, [data]);
      });
      if (!answer.ok) throw new SheetImportError('unreadable', answer.message);
      return answer.cells;
    } finally {
      worker.terminate();
    }
  });
}
