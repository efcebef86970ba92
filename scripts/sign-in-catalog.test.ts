import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '@lingui/conf';
import { babelExtractor } from '@lingui/cli/api/extractors/babel';
import linguiConfig from '../lingui.config.ts';
import { parseCatalog } from './lib/po-catalog.ts';
import { signInMessageModules, signInModules } from './lib/sign-in-modules.ts';

const rootDir = path.resolve(import.meta.dirname, '..');

describe('the sign-in modules (what the sign-in catalog covers, decision 0025)', () => {
  const modules = signInModules(rootDir);

  it('follow the boot and the sign-in route, static and lazy imports alike', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/app/providers.tsx',
        'src/features/auth/components/LoginPage.tsx',
        // Lazy, fetched on the sign-in page: the puzzle, the toasts.
        'src/features/auth/components/PuzzleModal.tsx',
        'src/ui/notifications-host.tsx',
        'src/features/shell/components/ErrorPage.tsx',
      ]),
    );
  });

  it('leave out every other route and what loads once signed in', () => {
    expect(modules).not.toContain('src/routeTree.gen.ts');
    expect(modules).not.toContain('src/routes/app.tsx');
    expect(modules).not.toContain('src/app/realtime-wiring.ts');
    expect(modules).not.toContain('src/features/auth/components/RegisterPage.tsx');
    expect(modules.filter((file) => file.startsWith('src/routes/app/'))).toEqual([]);
  });

  it('have every message in the sign-in catalog (else run npm run i18n:extract)', async () => {
    const config = makeConfig({ ...linguiConfig, rootDir }, { skipValidation: true });
    const extracted = new Set<string>();
    for (const file of signInMessageModules(rootDir)) {
      const code = readFileSync(path.join(rootDir, file), 'utf8');
      await babelExtractor.extract(
        file,
        code,
        (message) => {
          extracted.add(
            message.context
              ? `${message.context}\u0004${message.message ?? message.id}`
              : (message.message ?? message.id),
          );
        },
        { linguiConfig: config },
      );
    }
    expect(extracted.size).toBeGreaterThan(50);
    for (const locale of ['zh', 'en', 'es']) {
      const file = `locales/sign-in/${locale}.po`;
      const catalog = parseCatalog({ locale, file, text: readFileSync(path.join(rootDir, file), 'utf8') });
      const missing = [...extracted].filter((key) => !catalog.messages.has(key));
      expect(missing, file).toEqual([]);
    }
  });
});
