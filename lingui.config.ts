import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// Source messages are written in English in the code; zh is the default and fallback language of
// the product (docs/decisions/0004-lingui-source-locale.md).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en', 'es'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
