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
      // The result column catalogue's labels live in the contract (the server's export writes them).
      include: ['<rootDir>/src', '<rootDir>/contract/schemas/checks-columns.ts'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
