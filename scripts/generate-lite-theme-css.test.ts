import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LITE_THEME_CSS_PATH, liteThemeCss } from './generate-lite-theme-css.ts';

describe('src/ui/lite/lite-theme.css', () => {
  it('is up to date (node_modules/.bin/node scripts/generate-lite-theme-css.ts)', () => {
    expect(readFileSync(LITE_THEME_CSS_PATH, 'utf8')).toBe(liteThemeCss());
  });
});
