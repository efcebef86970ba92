import type { DeviceColumn } from './device-fields.ts';

/** The words a badge column shows, in the reader's language (result-cells.tsx's texts). */
export interface BadgeWords {
  tri: Readonly<Record<string, string>>;
  status: Readonly<Record<string, string>>;
  sandbox: string;
  /** A column's header label in the reader's language. */
  label(column: DeviceColumn): string;
}

/** Width in px of a text in a font (CSS shorthand), or null where nothing can measure (jsdom). */
export type MeasureText = (text: string, font: string) => number | null;

const CELL_PADDING = 16; // .cell: 8px each side
const BADGE_PADDING = 16; // .badge: 8px each side
const SANDBOX_PADDING = 6; // .sandbox: 3px each side
const STATUS_GAP = 4; // .statusButton's gap between the state and the sandbox mark
const HEADER_LINES = 2; // .headerCell: 40px high, lines of 1.15 x 14px

/** The narrowest width (px, steps of 10) at which `label` wraps on words into HEADER_LINES lines. */
function headerWidth(label: string, font: string, measure: MeasureText, from: number): number | null {
  const words = label.split(/\s+/).filter(Boolean);
  const sizes = words.map((w) => measure(w, font));
  const space = measure(' ', font);
  if (space === null || sizes.some((w) => w === null)) return null;
  const fits = (width: number) => {
    let lines = 1;
    let line = 0;
    for (const size of sizes as number[]) {
      if (size > width) return false;
      line = line === 0 ? size : line + space + size;
      if (line > width) {
        lines += 1;
        line = size;
      }
    }
    return lines <= HEADER_LINES;
  };
  let width = from;
  while (!fits(width - CELL_PADDING)) width += 10;
  return width;
}

/**
 * The result columns, each at least as wide as its widest badge and its header's longest word (the
 * header in two lines at most) in the reader's language. Columns have fixed widths (the virtualised
 * rows are not measured), set for Chinese and English; in Spanish "Desconocido" and "Terminado" +
 * "sandbox" were clipped by their cells, and "Capacidad" by its header. Text cells keep their
 * ellipsis (a row click opens every field).
 */
export function fitBadgeColumns(
  columns: readonly DeviceColumn[],
  words: BadgeWords,
  fonts: { badge: string; sandbox: string; header: string },
  measure: MeasureText,
): readonly DeviceColumn[] {
  const widest = (texts: readonly string[], font: string) => {
    let max = 0;
    for (const text of texts) {
      const w = measure(text, font);
      if (w === null) return null;
      max = Math.max(max, w);
    }
    return max;
  };
  const tri = widest(Object.values(words.tri), fonts.badge);
  const status = widest(Object.values(words.status), fonts.badge);
  const sandbox = widest([words.sandbox], fonts.sandbox);
  if (tri === null || status === null || sandbox === null) return columns;
  const need: Partial<Record<DeviceColumn['kind'], number>> = {
    tri: tri + BADGE_PADDING + CELL_PADDING,
    status: status + BADGE_PADDING + STATUS_GAP + sandbox + SANDBOX_PADDING + CELL_PADDING,
  };
  return columns.map((c) => {
    const badge = Math.ceil(Math.max(need[c.kind] ?? 0, c.width));
    const width = headerWidth(words.label(c), fonts.header, measure, badge) ?? badge;
    return width === c.width ? c : { ...c, width };
  });
}

/** measureText on a canvas of the page; null without one (jsdom has no 2D context). */
export function canvasMeasure(): MeasureText {
  let context: CanvasRenderingContext2D | null | undefined;
  return (text, font) => {
    context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (!context) return null;
    context.font = font;
    return context.measureText(text).width;
  };
}
