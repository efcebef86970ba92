import { describe, expect, it } from 'vitest';
import { checkCatalogSets, checkCatalogs, missingIncludes, summaryLine } from './catalog-checks.ts';
import { catalogs, entry, po } from './catalog-fixtures.ts';
import type { CatalogFile } from './po-catalog.ts';
import { SPEC_RULES, type SpecRules } from './catalog-spec-texts.ts';

const NO_SPEC: SpecRules = { translations: [], sourceTexts: [] };

describe('checkCatalogs', () => {
  it('passes complete catalogs, where the source locale may leave msgstr empty', () => {
    const files = catalogs(['Menu', '菜单', 'Menú'], ['Points: {0}', '积分：{0}', 'Puntos: {0}']);
    files[1] = po('en', entry('Menu', ''), entry('Points: {0}', ''));
    const result = checkCatalogs(files, 'en', NO_SPEC);
    expect(result).toEqual({ languages: 3, messages: 2, problems: [] });
    expect(summaryLine(result)).toBe('catalogs: 3 languages, 2 messages, complete');
  });

  it('points at the messages a new extract left untranslated or fuzzy', () => {
    const files = catalogs(['Menu', '菜单', 'Menú'], ['Stock', '', ''], ['Sales', '销售', 'Ventas']);
    files[2] = po('es', entry('Menu', 'Menú'), entry('Stock', ''), entry('Sales', 'Ventas', '#, fuzzy'));
    const result = checkCatalogs(files, 'en', NO_SPEC);
    expect(result.problems).toEqual([
      'locales/zh.po: "Stock" is not translated',
      'locales/es.po: "Stock" is not translated',
      'locales/es.po: "Sales" is marked fuzzy (review it, then remove the flag)',
    ]);
    expect(summaryLine(result)).toBe('catalogs: 3 languages, 3 messages, 3 problems');
  });

  it('reports a message that is in one catalog and not in the others', () => {
    const files = catalogs(['Menu', '菜单', 'Menú']);
    files[0] = po('zh', entry('Menu', '菜单'), entry('Old', '旧'));
    expect(checkCatalogs(files, 'en', NO_SPEC).problems).toEqual([
      'locales/en.po: "Old" is missing (it is in locales/zh.po): run npm run i18n:extract',
      'locales/es.po: "Old" is missing (it is in locales/zh.po): run npm run i18n:extract',
    ]);
  });

  it('reports translations that drop or rename a placeholder', () => {
    const files = catalogs(
      ['Points: {0}', '积分', 'Puntos: {0}'],
      ['VIP until {vipEnd}', 'VIP 到期：{vipEnd}', 'VIP hasta {fin}'],
    );
    expect(checkCatalogs(files, 'en', NO_SPEC).problems).toEqual([
      'locales/zh.po: "Points: {0}": the translation drops {0}',
      'locales/es.po: "VIP until {vipEnd}": the translation drops {vipEnd}',
      'locales/es.po: "VIP until {vipEnd}": the translation has {fin}, which the source text does not have',
    ]);
  });

  it("checks the spec's exact texts", () => {
    const files = catalogs(
      ['Please check your network connection', '请检查网络状态', 'Compruebe su conexión de red'],
      ['Request in progress, please wait...', '数据请求中，请稍后…', 'Solicitud en curso, espere...'],
      ['Error code', '错误代码', 'Código de error'],
    );
    const problems = checkCatalogs(files, 'en', SPEC_RULES).problems;
    expect(problems).toContain(
      'spec: locales/zh.po translates "Request in progress, please wait..." as "数据请求中，请稍后…"; the spec requires exactly "数据请求中,请稍后..."',
    );
    expect(problems).toContain(
      'spec: the message "Request timed out" is missing from the zh catalog; the spec requires it, translated "接口请求超时"',
    );
    expect(problems).toContain(
      'spec: the source text "GO BACK HOME" is missing; the spec requires it exactly so',
    );
    expect(problems.some((problem) => problem.includes('Please check your network connection'))).toBe(false);
    expect(problems.some((problem) => problem.includes('"Error code"'))).toBe(false);
  });

  it('takes the source text of an explicit id from the source locale', () => {
    const flag = '#. js-lingui-explicit-id';
    const files = [
      po('zh', entry('points.label', '积分', flag)),
      po('en', entry('points.label', 'Points: {0}', flag)),
      po('es', entry('points.label', 'Puntos: {0}', flag)),
    ];
    expect(checkCatalogs(files, 'en', NO_SPEC).problems).toEqual([
      'locales/zh.po: "points.label": the translation drops {0}',
    ]);
  });
});

describe("checkCatalogSets (the sign-in catalog and the app's)", () => {
  /** The same catalogs under locales/sign-in/. */
  const signIn = (...messages: [string, string, string][]): CatalogFile[] =>
    catalogs(...messages).map((file) => ({
      ...file,
      file: file.file.replace('locales/', 'locales/sign-in/'),
    }));

  it("finds the spec's texts in whichever catalog holds them", () => {
    const sets = [
      signIn(['Request timed out', '接口请求超时', 'Tiempo de espera agotado']),
      catalogs(['Error code', '错误代码', 'Código de error']),
    ];
    const spec: SpecRules = {
      translations: [{ locale: 'zh', source: 'Request timed out', translation: '接口请求超时' }],
      sourceTexts: ['Error code', 'GO BACK HOME'],
    };
    expect(checkCatalogSets(sets, 'en', spec).problems).toEqual([
      'spec: the source text "GO BACK HOME" is missing; the spec requires it exactly so',
    ]);
  });

  it('wants a message that is in both translated alike', () => {
    const sets = [
      signIn(['Close', '关闭', 'Cerrar'], ['Sign in', '登录', 'Iniciar sesión']),
      catalogs(['Close', '关闭', 'Cerrar ventana'], ['Log out', '退出登录', 'Cerrar sesión']),
    ];
    const result = checkCatalogSets(sets, 'en', NO_SPEC);
    expect(result.problems).toEqual([
      'locales/es.po: "Close" is translated "Cerrar ventana", and "Cerrar" in locales/sign-in/es.po: make them the same',
    ]);
    expect(result.messages).toBe(3);
  });
});

describe('missingIncludes', () => {
  it('names a source file the config includes that is not there, and passes folders, files and globs that are', () => {
    const here = new Set(['/repo/src', '/repo/contract/values/checks-columns.ts']);
    const config = [
      { include: ['<rootDir>/src', '<rootDir>/contract/values/checks-columns.ts', '<rootDir>/src/**/*.tsx'] },
      { include: ['<rootDir>/contract/schemas/checks-columns.ts'] },
      {},
    ];
    expect(missingIncludes(config, '/repo', (f) => here.has(f))).toEqual([
      'contract/schemas/checks-columns.ts: named in lingui.config.ts (include) but not found: its messages leave the catalogs at the next extract',
    ]);
  });
});
