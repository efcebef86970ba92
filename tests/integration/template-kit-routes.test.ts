import { describe, expect, it } from 'vitest';
import { isTemplateDemoRoute, type DemoArea } from '#src/features/template-kit/template-routes.ts';
import { TEMPLATE_PAGE_TITLES } from '#src/features/shell/template-page-titles.ts';
import { templatePages } from '#src/features/template-kit/menu-tree.ts';
import { KIT_PAGES } from '#src/features/template-kit/pages-registry.ts';

const AREAS: DemoArea[] = ['/app/applications', '/app/pages', '/app/ui', '/app/menu'];
const areaOf = (path: string) => AREAS.find((a) => path.startsWith(`${a}/`))!;

describe('template kit pages', () => {
  it('has a page, a menu entry and a title for every template route, and nothing more', () => {
    const pages = Object.keys(KIT_PAGES).sort();
    expect(templatePages().sort()).toEqual(pages);
    for (const path of pages) {
      expect(isTemplateDemoRoute(areaOf(path), path.slice(areaOf(path).length + 1)), path).toBe(true);
      expect(TEMPLATE_PAGE_TITLES[path], path).toBeDefined();
    }
    expect(pages).toHaveLength(47);
  });
});
