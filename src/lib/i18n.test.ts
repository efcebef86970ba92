import { beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@lingui/core/macro';
import type * as I18nModule from './i18n.ts';

// A fresh i18n module (and Lingui instance) per test: tests/setup/web.ts loaded every message.
let lib: typeof I18nModule;
beforeEach(async () => {
  vi.resetModules();
  lib = await import('./i18n.ts');
});

/** In the sign-in catalog, and in the app's (the shell's logout). */
const signInText = msg`Please enter your username`;
const appText = msg`Log out`;
const shown = () => [lib.i18n._(signInText), lib.i18n._(appText)];

describe('the catalogs (decision 0025)', () => {
  it('start with the sign-in page’s messages only, then load the rest when asked', async () => {
    await lib.activateLanguage('zh');
    // Untranslated, a message falls back to its English source text.
    expect(shown()).toEqual(['请输入用户名', 'Log out']);
    await lib.loadAllMessages();
    expect(shown()).toEqual(['请输入用户名', '退出登录']);
  });

  it('bring both catalogs along on a language switch once the app’s was loaded', async () => {
    await lib.initI18n();
    await lib.loadAllMessages();
    await lib.changeLanguage('es');
    expect(shown()).toEqual(['Introduzca su nombre de usuario', 'Cerrar sesión']);
  });

  it('start a signed-in user with every message', async () => {
    await lib.initI18n({ all: true });
    expect(shown()).toEqual(['请输入用户名', '退出登录']);
  });

  it('keep the app’s catalog asked for during a language switch', async () => {
    await lib.activateLanguage('zh');
    const switching = lib.activateLanguage('es');
    await lib.loadAllMessages();
    await switching;
    expect(lib.i18n.locale).toBe('es');
    expect(shown()).toEqual(['Introduzca su nombre de usuario', 'Cerrar sesión']);
  });
});
