import { chromium, type Browser } from '@playwright/test';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.ts';

/**
 * Photos for the text recogniser, rendered by Chromium: Apple box labels, SIM tray stickers and
 * Settings > General > About screenshots (light and dark), at several sizes and small angles, with
 * the identifiers each one shows. Deterministic: the same index gives the same image.
 */
export interface OcrFixture {
  name: string;
  /** PNG or JPEG bytes. */
  image: Buffer;
  mime: 'image/png' | 'image/jpeg';
  /** What a reader of the photo finds: IMEIs as 15 digits, serials upper-case. */
  identifiers: string[];
}

// Apple's serial alphabet: no O and no I (a reader would confuse them with 0 and 1).
const SN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

function rng(seed: number) {
  let x = seed * 2654435761 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

export function fixtureImei(seed: number): string {
  const r = rng(seed + 17);
  let body = ['35', '35', '35', '01', '86'][seed % 5] as string;
  while (body.length < 14) body += String(Math.floor(r() * 10));
  return body + String(luhnCheckDigit(body));
}

export function fixtureSerial(seed: number): string {
  const r = rng(seed + 101);
  const length = seed % 3 === 0 ? 10 : 12;
  let sn = seed % 3 === 0 ? '' : 'F';
  while (sn.length < length) sn += SN_ALPHABET[Math.floor(r() * SN_ALPHABET.length)];
  return sn;
}

const groupImei = (imei: string) =>
  `${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8, 14)} ${imei.slice(14)}`;

function barcode(seed: number, width: number): string {
  const r = rng(seed + 7);
  let bars = '';
  let x = 0;
  while (x < width) {
    const w = 1 + Math.floor(r() * 3);
    bars += `<rect x="${x}" y="0" width="${w}" height="34"/>`;
    x += w + 1 + Math.floor(r() * 3);
  }
  return `<svg width="${width}" height="34" viewBox="0 0 ${width} 34" fill="#000">${bars}</svg>`;
}

function boxLabel(seed: number, sn: string, imei: string, imei2: string | null): string {
  return `<div class="card" style="font-family: Helvetica, Arial, sans-serif; background:#fff; color:#111; padding:18px 22px; width:560px; border:1px solid #ccc">
    <div style="font-size:15px; margin-bottom:6px">iPhone 13 Pro 256GB Sierra Blue</div>
    <div style="font-size:13px; margin-bottom:10px">(1P) Part No. MLT83CH/A</div>
    <div style="font-size:16px; margin-bottom:5px">(S) Serial No. ${sn}</div>${barcode(seed, 320)}
    <div style="font-size:16px; margin:8px 0 5px">IMEI ${imei}</div>${barcode(seed + 1, 320)}
    ${imei2 ? `<div style="font-size:16px; margin:8px 0 5px">IMEI2 ${imei2}</div>${barcode(seed + 2, 320)}` : ''}
    <div style="font-size:11px; margin-top:10px">Designed by Apple in California Assembled in China</div>
  </div>`;
}

function simSticker(imei: string): string {
  return `<div class="card" style="font-family: Arial, sans-serif; background:#f4f4f0; color:#000; padding:10px 14px; width:340px; border-radius:6px">
    <div style="font-size:16px; letter-spacing:0.5px">IMEI: ${imei}</div>
  </div>`;
}

function settings(sn: string, imei: string, imei2: string, dark: boolean): string {
  const bg = dark ? '#000' : '#f2f2f7';
  const card = dark ? '#1c1c1e' : '#fff';
  const fg = dark ? '#fff' : '#000';
  const dim = dark ? '#98989f' : '#6c6c70';
  const row = (k: string, v: string) =>
    `<div style="display:flex; justify-content:space-between; padding:11px 16px; border-bottom:1px solid ${dark ? '#38383a' : '#e5e5ea'}"><span>${k}</span><span style="color:${dim}">${v}</span></div>`;
  return `<div class="card" style="font-family: -apple-system, 'Helvetica Neue', Arial, sans-serif; background:${bg}; color:${fg}; padding:24px 14px; width:390px; font-size:17px">
    <div style="font-size:17px; text-align:center; margin-bottom:18px; font-weight:600">About</div>
    <div style="background:${card}; border-radius:10px">
      ${row('Name', 'iPhone')}${row('iOS Version', '17.4.1')}${row('Model Name', 'iPhone 13 Pro')}
      ${row('Model Number', 'MLT83CH/A')}${row('Serial Number', sn)}
    </div>
    <div style="background:${card}; border-radius:10px; margin-top:22px">
      ${row('Network Provider Lock', 'No SIM restrictions')}${row('IMEI', groupImei(imei))}${row('IMEI2', groupImei(imei2))}
    </div>
  </div>`;
}

/** A box label photographed out of focus: nothing on it can be read. */
export async function renderBlurredLabel(browser?: Browser): Promise<Buffer> {
  const own = browser ?? (await launch());
  try {
    const page = await own.newPage({ deviceScaleFactor: 1.5 });
    await page.setContent(
      `<body style="margin:0; padding:40px; background:#8a8f98"><div style="display:inline-block; filter: blur(7px)">${boxLabel(3, fixtureSerial(3), fixtureImei(9), null)}</div></body>`,
    );
    const image = await page.screenshot({ type: 'jpeg', quality: 85 });
    await page.close();
    return image;
  } finally {
    if (!browser) await own.close();
  }
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
}

export interface RenderOptions {
  /** Default 24. */
  count?: number;
  browser?: Browser;
}

/** Renders the fixture set (a fresh Chromium unless one is passed). */
export async function renderOcrFixtures(options: RenderOptions = {}): Promise<OcrFixture[]> {
  const count = options.count ?? 24;
  const browser = options.browser ?? (await launch());
  const out: OcrFixture[] = [];
  try {
    // Labels are photographed close (more pixels per character) than a screenshot is taken.
    const scales = [1.5, 2, 2.5];
    const angles = [0, -3, 2, 4, -5, 0, 6, -2];
    for (let i = 0; i < count; i++) {
      const kind = (['box', 'settings', 'sim', 'box', 'settings-dark', 'settings'] as const)[i % 6] as
        'box' | 'settings' | 'sim' | 'settings-dark';
      const scale = (
        kind.startsWith('settings') ? [1, 1.5, 2][i % 3] : scales[Math.floor(i / 6) % 3]
      ) as number;
      const angle = angles[i % angles.length] as number;
      const sn = fixtureSerial(i);
      const imei = fixtureImei(i * 3);
      const imei2 = fixtureImei(i * 3 + 1);
      let html: string;
      let identifiers: string[];
      if (kind === 'box') {
        const two = i % 2 === 0;
        html = boxLabel(i, sn, imei, two ? imei2 : null);
        identifiers = two ? [sn, imei, imei2] : [sn, imei];
      } else if (kind === 'sim') {
        html = simSticker(imei);
        identifiers = [imei];
      } else {
        html = settings(sn, imei, imei2, kind === 'settings-dark');
        identifiers = [sn, imei, imei2];
      }
      const context = await browser.newContext({
        deviceScaleFactor: scale,
        viewport: { width: 800, height: 700 },
      });
      const page = await context.newPage();
      await page.setContent(
        `<body style="margin:0; padding:40px; background:#8a8f98"><div style="display:inline-block; transform: rotate(${angle}deg)">${html}</div></body>`,
      );
      const jpeg = i % 4 === 3;
      const box = await page.locator('body > div').boundingBox();
      const pad = 30;
      const clip = box
        ? {
            x: Math.max(0, box.x - pad),
            y: Math.max(0, box.y - pad),
            width: box.width + 2 * pad,
            height: box.height + 2 * pad,
          }
        : undefined;
      const image = await page.screenshot({
        type: jpeg ? 'jpeg' : 'png',
        quality: jpeg ? 80 : undefined,
        clip,
      });
      await context.close();
      out.push({
        name: `${i}-${kind}-x${scale}-${angle}deg${jpeg ? '.jpg' : '.png'}`,
        image,
        mime: jpeg ? 'image/jpeg' : 'image/png',
        identifiers,
      });
    }
  } finally {
    if (!options.browser) await browser.close();
  }
  return out;
}
