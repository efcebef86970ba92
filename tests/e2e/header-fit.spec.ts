import { expect, test, type Page } from '@playwright/test';
import { signInFast } from './session.ts';

/**
 * Issue 27 ("nothing hidden"): every word in the header is whole on a tablet and a desktop, in each
 * language. The page-overflow walk (layout.spec.ts) does not see a word cut inside its own button
 * (a button clips its label), which is how "Log ou" and "Englis" reached a 768 px screen.
 */

const SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const LANGS = ['zh', 'en', 'es'] as const;

/** The header's texts drawn narrower than they are (cut or ellipsised), and what they say. */
function cutWords(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('header *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || !el.textContent?.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        cut.push(`${el.tagName.toLowerCase()} "${el.textContent.trim()}"`);
    }
    return cut;
  });
}

for (const lang of LANGS)
  test(`the header's words are whole at tablet and desktop widths (${lang})`, async ({ page, request }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signInFast(page, request);
    await page.goto('/#/app/dashboards/default');
    await expect(page.getByTestId('current-user')).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(() => cutWords(page), { message: `${size.width} x ${size.height}` }).toEqual([]);
    }
  });
