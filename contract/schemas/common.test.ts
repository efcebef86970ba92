import { describe, expect, it } from 'vitest';
import { isSafeText, safeText } from './common.ts';

describe('text input hygiene (names and remarks)', () => {
  it.each([
    ['NUL', 'Li\u0000Lei'],
    ['ESC', 'Li\u001b[31mLei'],
    ['DEL', 'Li\u007fLei'],
    ['C1 control', 'Li\u0085Lei'],
    ['right-to-left override', 'invoice\u202Etxt.exe'],
    ['left-to-right isolate', 'a\u2066b'],
    ['right-to-left mark', 'a\u200fb'],
    ['zero-width space', 'ad\u200bmin'],
    ['zero-width joiner', 'ad\u200dmin'],
    ['word joiner', 'ad\u2060min'],
    ['byte order mark inside', 'ad\ufeffmin'],
    ['lone high surrogate', 'a\ud83db'],
    ['lone low surrogate', 'a\ude00b'],
    ['newline in a name', 'Li\nLei'],
  ])('refuses %s in a name', (_, value) => {
    expect(isSafeText(value, 'name')).toBe(false);
    const result = safeText({ min: 1, max: 64 }).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Control, direction or zero-width characters are not allowed.',
    );
  });

  it.each([['李雷'], ['Tienda Peña'], ['emoji 📱 ok'], ['Ali 123 محمد'], ["O'Brien & Co."]])(
    'accepts %s',
    (value) => {
      expect(safeText({ min: 1, max: 64 }).parse(` ${value} `)).toBe(value);
    },
  );

  it('a remark may hold line breaks and tabs, not other controls', () => {
    expect(safeText({ max: 200, kind: 'remark' }).parse('line 1\n\tline 2')).toBe('line 1\n\tline 2');
    expect(isSafeText('a\u0000b', 'remark')).toBe(false);
    expect(isSafeText('a\u202eb', 'remark')).toBe(false);
  });

  it('keeps its length limits', () => {
    expect(safeText({ min: 1, max: 3 }).safeParse('abcd').success).toBe(false);
    expect(safeText({ min: 1, max: 3 }).safeParse('  ').success).toBe(false);
  });
});
