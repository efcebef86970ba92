/**
 * The template kit's demo routes (spec section 2, "not product functions"). They exist so their
 * links resolve; their pages come with their own issue. Anything else under these prefixes is the
 * error page.
 */
const DEMO = {
  '/app/applications': ['todo', 'survey', 'chat'],
  '/app/pages': [
    'product/data-list',
    'product/thumb-list',
    'product/image-list',
    'product/details',
    'product/details-alt',
    'profile/social',
    'profile/portfolio',
    'blog/blog-list',
    'blog/blog-detail',
    'miscellaneous/faq',
    'miscellaneous/knowledge-base',
    'miscellaneous/search',
    'miscellaneous/prices',
    'miscellaneous/mailing',
    'miscellaneous/invoice',
  ],
  '/app/ui': [
    'forms/layouts',
    'forms/components',
    'forms/validations',
    'forms/wizard',
    'datatables/divided-table',
    'datatables/scrollable',
    'datatables/default',
    ...[
      'alerts',
      'badges',
      'buttons',
      'cards',
      'carousel',
      'charts',
      'collapse',
      'dropdowns',
      'editors',
      'icons',
      'input-groups',
      'jumbotron',
      'maps',
      'modal',
      'navigation',
      'popover-tooltip',
      'sortable',
      'tables',
    ].map((c) => `components/${c}`),
  ],
  '/app/menu': ['types', 'levels/third-level-1', 'levels/third-level-2', 'levels/third-level-3'],
} as const;

export type DemoArea = keyof typeof DEMO;

export function isTemplateDemoRoute(area: DemoArea, splat: string): boolean {
  const path = splat.replace(/\/+$/, '');
  // survey/{id}: any positive integer id.
  if (area === '/app/applications' && /^survey\/\d+$/.test(path)) return true;
  return (DEMO[area] as readonly string[]).includes(path);
}
