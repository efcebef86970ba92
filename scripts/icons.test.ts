import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { ICON_BACKGROUND, ICON_FILES } from './icon-set.ts';

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('PWA icons (generated from public/favicon.svg)', () => {
  it.each(ICON_FILES)('$file is a $size px square PNG', ({ file, size }) => {
    const png = PNG.sync.read(readFileSync(`public/${file}`));
    expect([png.width, png.height]).toEqual([size, size]);
  });

  it.each(ICON_FILES.filter((i) => i.purpose === 'maskable'))(
    '$file keeps its glyph inside the safe zone (a centred circle of 80 % diameter) and fills the rest',
    ({ file, size }) => {
      const png = PNG.sync.read(readFileSync(`public/${file}`));
      const c = size / 2;
      let glyphInside = 0;
      const outsideNotBackground: string[] = [];
      let transparent = 0;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const i = (y * size + x) * 4;
          const color = hex(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!);
          const inSafeZone = Math.hypot(x + 0.5 - c, y + 0.5 - c) <= 0.4 * size;
          if (png.data[i + 3] !== 255) transparent++;
          if (!inSafeZone && color !== ICON_BACKGROUND) outsideNotBackground.push(`${x},${y}`);
          else if (inSafeZone && color !== ICON_BACKGROUND) glyphInside++;
        }
      }
      expect(transparent).toBe(0);
      expect(outsideNotBackground.slice(0, 5)).toEqual([]);
      expect(glyphInside).toBeGreaterThan(size);
    },
  );
});
