import type { ManifestOptions } from 'vite-plugin-pwa';
import { ICON_BACKGROUND, ICON_FILES } from './icon-set.ts';

/**
 * The web manifest (vite.config.ts writes it as manifest.webmanifest). Chinese first like the product;
 * start_url opens the shell at the home route (hash routing: every route lives after the #).
 */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'RepairOps 维修管理',
  short_name: 'RepairOps',
  description: '手机维修与回收门店的后台管理 — back-office for phone repair and trading shops',
  lang: 'zh-CN',
  dir: 'ltr',
  start_url: '/#/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: ICON_BACKGROUND,
  background_color: '#ffffff',
  categories: ['business', 'productivity'],
  icons: ICON_FILES.filter((icon) => !icon.file.includes('apple-touch')).map((icon) => ({
    src: `/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
};
