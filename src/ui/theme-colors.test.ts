import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR } from '#src/lib/storage.ts';
import {
  DEFAULT_THEME_COLOR_CHOICE,
  THEME_COLORS,
  THEME_COLOR_NAMES,
  THEME_SCHEMES,
  parseThemeColor,
  themeColorKey,
} from './theme-colors.ts';
import { createAppTheme } from './theme.ts';

const SPEC_COLORS = [
  'bluenavy',
  'blueyale',
  'blueolympic',
  'greenmoss',
  'greenlime',
  'purplemonster',
  'orangecarrot',
  'redruby',
  'yellowgranola',
  'greysteel',
];
const BASES = {
  bluenavy: '#00365a',
  blueyale: '#145388',
  blueolympic: '#008ecc',
  greenmoss: '#576a3d',
  greenlime: '#6fb327',
  purplemonster: '#922c88',
  orangecarrot: '#ed7117',
  redruby: '#900604',
  yellowgranola: '#c0a145',
  greysteel: '#48494b',
};
const ALL_KEYS = THEME_SCHEMES.flatMap((scheme) =>
  THEME_COLOR_NAMES.map((color) => ({ scheme, color, key: `${scheme}.${color}` })),
);
const INVALID = [
  null,
  undefined,
  '',
  'dark',
  'redruby',
  'dark.',
  '.redruby',
  'dark.crimson',
  'sepia.redruby',
  'Dark.redruby',
  'dark.RedRuby',
  'dark.redruby.extra',
  ' dark.redruby',
  'dark.toString',
  'dark.__proto__',
];

describe('theme colors', () => {
  it('are the 10 colors of the spec, in its order, each 10 shades with the named color as shade 6', () => {
    expect(THEME_COLOR_NAMES).toEqual(SPEC_COLORS);
    for (const color of THEME_COLOR_NAMES) {
      const shades = THEME_COLORS[color];
      expect(shades).toHaveLength(10);
      for (const shade of shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
      expect(shades[6]).toBe(BASES[color]);
      // From light to dark: each shade darker than the one before (summed channels).
      const sum = (hex: string) =>
        [1, 3, 5].reduce((total, i) => total + parseInt(hex.slice(i, i + 2), 16), 0);
      for (let i = 1; i < 10; i++) expect(sum(shades[i]!)).toBeLessThan(sum(shades[i - 1]!));
    }
  });

  it('keys a choice as scheme.color, 10 colors × 2 schemes, and parses every key back', () => {
    expect(themeColorKey('dark', 'redruby')).toBe('dark.redruby');
    expect(ALL_KEYS).toHaveLength(20);
    expect(new Set(ALL_KEYS.map(({ key }) => key)).size).toBe(20);
    for (const { scheme, color, key } of ALL_KEYS) {
      expect(themeColorKey(scheme, color)).toBe(key);
      expect(parseThemeColor(key)).toEqual({ scheme, color });
    }
  });

  it('falls back to light.blueolympic, the stored default, for anything unknown', () => {
    expect(parseThemeColor(DEFAULT_THEME_COLOR)).toEqual(DEFAULT_THEME_COLOR_CHOICE);
    expect(DEFAULT_THEME_COLOR_CHOICE).toEqual({ scheme: 'light', color: 'blueolympic' });
    for (const value of INVALID)
      expect(parseThemeColor(value)).toEqual({ scheme: 'light', color: 'blueolympic' });
  });

  it('builds a theme with the chosen primary color, all 10 colors and the radius', () => {
    const rounded = createAppTheme('redruby', 'rounded');
    expect(rounded.primaryColor).toBe('redruby');
    expect(Object.keys(rounded.colors ?? {})).toEqual(SPEC_COLORS);
    expect(rounded.defaultRadius).toBe('md');
    expect(rounded.fontFamily).toContain('"PingFang SC"');
    expect(createAppTheme('greysteel', 'flat')).toMatchObject({
      primaryColor: 'greysteel',
      defaultRadius: 0,
    });
  });
});

describe("index.html's first-paint script", () => {
  const html = readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const run = (stored: string | null | undefined) => {
    localStorage.clear();
    if (typeof stored === 'string') localStorage.setItem('themeColor', stored);
    new Function(script)();
    const root = document.documentElement;
    return { scheme: root.dataset.mantineColorScheme, background: root.style.backgroundColor };
  };

  beforeEach(() => {
    delete document.documentElement.dataset.mantineColorScheme;
    document.documentElement.style.backgroundColor = '';
  });

  it('is inline in <head>, before any other script', () => {
    expect(script).toContain("localStorage.getItem('themeColor')");
    expect(html.indexOf(script)).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf(script)).toBeLessThan(html.indexOf('type="module"'));
  });

  it('decides dark or light exactly as parseThemeColor does, with the matching background', () => {
    for (const stored of [...ALL_KEYS.map(({ key }) => key), ...INVALID]) {
      const { scheme } = parseThemeColor(stored);
      expect(run(stored), String(stored)).toEqual({
        scheme,
        background: scheme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)',
      });
    }
  });

  it('paints light when storage cannot be read', () => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('storage disabled');
    };
    try {
      expect(run('dark.redruby').scheme).toBe('light');
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});
