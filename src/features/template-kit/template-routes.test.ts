import { describe, expect, it } from 'vitest';
import { isTemplateDemoRoute } from './template-routes.ts';

describe('isTemplateDemoRoute', () => {
  it('takes the pages of the menu tree, with or without a trailing slash', () => {
    expect(isTemplateDemoRoute('/app/ui', 'forms/wizard')).toBe(true);
    expect(isTemplateDemoRoute('/app/menu', 'levels/third-level-2/')).toBe(true);
  });

  it('refuses sections, unknown pages and pages of another area', () => {
    expect(isTemplateDemoRoute('/app/menu', 'levels')).toBe(false);
    expect(isTemplateDemoRoute('/app/ui', '')).toBe(false);
    expect(isTemplateDemoRoute('/app/ui', 'forms/nope')).toBe(false);
    expect(isTemplateDemoRoute('/app/pages', 'forms/wizard')).toBe(false);
  });

  it('takes a survey by any positive integer id, only under applications', () => {
    expect(isTemplateDemoRoute('/app/applications', 'survey/12')).toBe(true);
    expect(isTemplateDemoRoute('/app/applications', 'survey/x')).toBe(false);
    expect(isTemplateDemoRoute('/app/pages', 'survey/12')).toBe(false);
  });
});
