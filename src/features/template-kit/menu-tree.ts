/**
 * The "template kit" group of the side menu: every template route (spec section 2) in its section.
 * A node with children is a section (a menu level that opens); a leaf is a page.
 */
export interface MenuNode {
  path: string;
  children?: MenuNode[];
}

const leaves = (base: string, names: string[]): MenuNode[] => names.map((n) => ({ path: `${base}/${n}` }));

export const TEMPLATE_MENU: MenuNode[] = [
  { path: '/app/applications', children: leaves('/app/applications', ['todo', 'survey', 'chat']) },
  {
    path: '/app/pages',
    children: [
      {
        path: '/app/pages/product',
        children: leaves('/app/pages/product', [
          'data-list',
          'thumb-list',
          'image-list',
          'details',
          'details-alt',
        ]),
      },
      { path: '/app/pages/profile', children: leaves('/app/pages/profile', ['social', 'portfolio']) },
      { path: '/app/pages/blog', children: leaves('/app/pages/blog', ['blog-list', 'blog-detail']) },
      {
        path: '/app/pages/miscellaneous',
        children: leaves('/app/pages/miscellaneous', [
          'faq',
          'knowledge-base',
          'search',
          'prices',
          'mailing',
          'invoice',
        ]),
      },
    ],
  },
  {
    path: '/app/ui',
    children: [
      {
        path: '/app/ui/forms',
        children: leaves('/app/ui/forms', ['layouts', 'components', 'validations', 'wizard']),
      },
      {
        path: '/app/ui/datatables',
        children: leaves('/app/ui/datatables', ['divided-table', 'scrollable', 'default']),
      },
      {
        path: '/app/ui/components',
        children: leaves('/app/ui/components', [
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
        ]),
      },
    ],
  },
  {
    path: '/app/menu',
    children: [
      { path: '/app/menu/types' },
      {
        path: '/app/menu/levels',
        children: leaves('/app/menu/levels', ['third-level-1', 'third-level-2', 'third-level-3']),
      },
    ],
  },
];

/** Every page of the tree, in menu order. */
export function templatePages(nodes: MenuNode[] = TEMPLATE_MENU): string[] {
  return nodes.flatMap((n) => (n.children ? templatePages(n.children) : [n.path]));
}

/** The first page under a node (where a section's icon leads in the compact menu). */
export const firstPage = (node: MenuNode): string =>
  node.children ? firstPage(node.children[0]!) : node.path;
