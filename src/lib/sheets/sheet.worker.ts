/// <reference lib="webworker" />
// Parses an imported spreadsheet off the main thread, so a 100,000-row file never freezes the page.
import { parseSheet, type SheetRows } from './parse-sheet.ts';
import type { SheetKind } from './sheet-kind.ts';

export type SheetWorkerRequest = { kind: SheetKind; data: ArrayBuffer };
export type SheetWorkerAnswer = { ok: true; rows: SheetRows } | { ok: false; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<SheetWorkerRequest>) => {
  let answer: SheetWorkerAnswer;
  try {
    answer = { ok: true, rows: await parseSheet(event.data.kind, event.data.data) };
  } catch (err) {
    answer = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(answer);
};
