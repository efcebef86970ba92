import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { signInMessageModules } from './scripts/lib/sign-in-modules.ts';

// The modules the sign-in route can run before the app's whole catalog is loaded (decision 0025).
const signIn = signInMessageModules(import.meta.dirname).map((file) => `<rootDir>/${file}`);

// Source messages are written in English in the code; zh is the default and fallback language of
// the product (docs/decisions/0004-lingui-source-locale.md).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en', 'es'],
  fallbackLocales: { default: 'zh' },
  catalogs: [
    // The sign-in route's messages, loaded at start (src/lib/i18n.ts): a few kB instead of the whole
    // app's catalog. A message used here and elsewhere is in both catalogs, translated alike
    // (scripts/check-catalogs.ts checks it).
    {
      path: '<rootDir>/locales/sign-in/{locale}',
      include: signIn,
    },
    // Everything else, loaded before any other page renders (the root route's beforeLoad).
    {
      path: '<rootDir>/locales/{locale}',
      // The result column catalogue's labels live in the contract (the server's export writes them).
      include: ['<rootDir>/src', '<rootDir>/contract/values/checks-columns.ts'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts', ...signIn],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
