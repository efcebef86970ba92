import { describe, expect, it } from 'vitest';
import { DEVICE_COLUMNS } from './device-fields.ts';
import { fitBadgeColumns, type MeasureText } from './fit-columns.ts';

// 7 px a character in the badge font, 6 in the sandbox mark's.
const measure: MeasureText = (text, font) => text.length * (font.startsWith('700') ? 6 : 7);
const FONTS = { badge: '600 12px sans-serif', sandbox: '700 10px sans-serif', header: '600 14px sans-serif' };
const label = (c: { key: string }) =>
  c.key === 'capacity' ? 'Capacidad' : c.key === 'id_monitor_end' ? 'Fin de la vigilancia de ID' : 'X';
const widthOf = (columns: ReturnType<typeof fitBadgeColumns>, key: string) =>
  columns.find((c) => c.key === key)!.width;

describe('fitBadgeColumns', () => {
  it('widens a badge column to its widest word in the language, and leaves the rest', () => {
    const spanish = {
      tri: { yes: 'Sí', no: 'No', unknown: 'Desconocido' },
      status: { success: 'Terminado', failed: 'Fallido' },
      sandbox: 'sandbox',
      label,
    };
    const fitted = fitBadgeColumns(DEVICE_COLUMNS, spanish, FONTS, measure);
    // Desconocido: 11 x 7 + 16 + 16.
    expect(widthOf(fitted, 'loaner')).toBe(109);
    expect(widthOf(fitted, 'activation_lock')).toBe(110); // already wider
    // Terminado 63 + 16 + 4 + sandbox 42 + 6 + 16.
    expect(widthOf(fitted, 'status')).toBe(147);
    expect(widthOf(fitted, 'model')).toBe(140);
    // Its header's one word fits: Capacidad 9 x 7 + 16 = 79 <= 90.
    expect(widthOf(fitted, 'capacity')).toBe(90);
    // "Fin de la vigilancia de ID" in two lines of at most 114 px: "Fin de la" (63) "vigilancia de ID" (112).
    expect(widthOf(fitted, 'id_monitor_end')).toBe(130);
  });

  it('widens a header to its longest word, and to two lines at most', () => {
    const words = { tri: {}, status: {}, sandbox: '', label: () => 'Verificación de la compra realizada' };
    const fitted = fitBadgeColumns(DEVICE_COLUMNS, words, FONTS, measure);
    // Lines: "Verificación de la" (126) / "compra realizada" (112): 126 + 16 = 142, in steps of 10 from 120.
    expect(widthOf(fitted, 'purchase_verified')).toBe(150);
  });

  it('keeps the columns as they are where nothing can measure', () => {
    const words = {
      tri: { unknown: 'Desconocido' },
      status: { success: 'Terminado' },
      sandbox: 'sandbox',
      label,
    };
    expect(fitBadgeColumns(DEVICE_COLUMNS, words, FONTS, () => null)).toBe(DEVICE_COLUMNS);
  });
});
