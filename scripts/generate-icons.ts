// Generates the PWA's PNG icons from one source, public/favicon.svg, by rasterising it in Chromium
// (the same browser the tests use). Run after changing the source:
//   npm exec -- node scripts/generate-icons.ts
// "any" icons are the source as drawn (transparent corners); maskable icons fill the square with the
// brand color and draw the source at 60 % so the glyph stays inside the safe zone (the centred circle
// of 80 % diameter that every launcher mask keeps).
import { readFileSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '#tests/setup/chromium.ts';
import { ICON_BACKGROUND, ICON_FILES } from './icon-set.ts';

const source = readFileSync('public/favicon.svg', 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROMIUM_FLAGS,
});
mkdirSync('public/icons', { recursive: true });
for (const icon of ICON_FILES) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const scale = icon.purpose === 'maskable' ? 0.6 : 1;
  const side = Math.round(icon.size * scale);
  const offset = Math.round((icon.size - side) / 2);
  await page.setContent(
    `<html><body style="margin:0;background:${icon.purpose === 'maskable' ? ICON_BACKGROUND : 'transparent'}">` +
      `<img src="${dataUrl}" style="position:absolute;left:${offset}px;top:${offset}px;width:${side}px;height:${side}px"></body></html>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: `public/${icon.file}`, omitBackground: icon.purpose !== 'maskable' });
  await page.close();
  process.stdout.write(`public/${icon.file}\n`);
}
await browser.close();
