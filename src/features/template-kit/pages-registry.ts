import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What every template page gets from its route. */
export interface KitPageProps {
  title: string;
  /** The signed-in user's id (chat tells own messages from the colleague's). */
  me: number;
}

type Page = LazyExoticComponent<ComponentType<KitPageProps>>;

/** A named export of a lazily loaded module as a page: each module is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<KitPageProps>): Page {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const product = () => import('./pages/product-pages.tsx');
const profile = () => import('./pages/profile-pages.tsx');
const blog = () => import('./pages/blog-pages.tsx');
const misc = () => import('./pages/misc-pages.tsx');
const documents = () => import('./pages/document-pages.tsx');
const forms = () => import('./ui/form-pages.tsx');
const tables = () => import('./ui/datatable-pages.tsx');
const feedback = () => import('./ui/feedback-pages.tsx');
const layout = () => import('./ui/layout-pages.tsx');
const menu = () => import('./menu/menu-pages.tsx');

/**
 * Every template page by path (spec section 2). Heavy libraries (charts, editor, carousel,
 * drag and drop) sit in their pages' own chunks, so nothing else downloads them.
 */
export const KIT_PAGES: Record<string, Page> = {
  '/app/applications/todo': page(
    () => import('./applications/TodoApp.tsx'),
    (m) => m.TodoApp,
  ),
  '/app/applications/survey': page(
    () => import('./applications/SurveyList.tsx'),
    (m) => m.SurveyList,
  ),
  '/app/applications/chat': page(
    () => import('./applications/ChatApp.tsx'),
    (m) => m.ChatApp,
  ),
  '/app/pages/product/data-list': page(product, (m) => m.DataList),
  '/app/pages/product/thumb-list': page(product, (m) => m.ThumbList),
  '/app/pages/product/image-list': page(product, (m) => m.ImageList),
  '/app/pages/product/details': page(product, (m) => m.Details),
  '/app/pages/product/details-alt': page(product, (m) => m.DetailsAlt),
  '/app/pages/profile/social': page(profile, (m) => m.Social),
  '/app/pages/profile/portfolio': page(profile, (m) => m.Portfolio),
  '/app/pages/blog/blog-list': page(blog, (m) => m.BlogList),
  '/app/pages/blog/blog-detail': page(blog, (m) => m.BlogDetail),
  '/app/pages/miscellaneous/faq': page(misc, (m) => m.Faq),
  '/app/pages/miscellaneous/knowledge-base': page(misc, (m) => m.KnowledgeBase),
  '/app/pages/miscellaneous/search': page(misc, (m) => m.SearchPage),
  '/app/pages/miscellaneous/prices': page(documents, (m) => m.Prices),
  '/app/pages/miscellaneous/mailing': page(misc, (m) => m.Mailing),
  '/app/pages/miscellaneous/invoice': page(documents, (m) => m.Invoice),
  '/app/ui/forms/layouts': page(forms, (m) => m.Layouts),
  '/app/ui/forms/components': page(forms, (m) => m.FormComponents),
  '/app/ui/forms/validations': page(forms, (m) => m.Validations),
  '/app/ui/forms/wizard': page(
    () => import('./ui/WizardPage.tsx'),
    (m) => m.Wizard,
  ),
  '/app/ui/datatables/divided-table': page(tables, (m) => m.DividedTable),
  '/app/ui/datatables/scrollable': page(tables, (m) => m.ScrollableTable),
  '/app/ui/datatables/default': page(tables, (m) => m.DefaultTable),
  '/app/ui/components/alerts': page(feedback, (m) => m.Alerts),
  '/app/ui/components/badges': page(feedback, (m) => m.Badges),
  '/app/ui/components/buttons': page(feedback, (m) => m.Buttons),
  '/app/ui/components/cards': page(layout, (m) => m.Cards),
  '/app/ui/components/carousel': page(
    () => import('./ui/CarouselPage.tsx'),
    (m) => m.CarouselPage,
  ),
  '/app/ui/components/charts': page(
    () => import('./ui/ChartsPage.tsx'),
    (m) => m.ChartsPage,
  ),
  '/app/ui/components/collapse': page(layout, (m) => m.CollapsePage),
  '/app/ui/components/dropdowns': page(layout, (m) => m.Dropdowns),
  '/app/ui/components/editors': page(
    () => import('./ui/EditorsPage.tsx'),
    (m) => m.EditorsPage,
  ),
  '/app/ui/components/icons': page(feedback, (m) => m.Icons),
  '/app/ui/components/input-groups': page(layout, (m) => m.InputGroups),
  '/app/ui/components/jumbotron': page(layout, (m) => m.Jumbotron),
  '/app/ui/components/maps': page(
    () => import('./ui/MapsPage.tsx'),
    (m) => m.MapsPage,
  ),
  '/app/ui/components/modal': page(feedback, (m) => m.ModalPage),
  '/app/ui/components/navigation': page(layout, (m) => m.Navigation),
  '/app/ui/components/popover-tooltip': page(feedback, (m) => m.PopoverTooltip),
  '/app/ui/components/sortable': page(
    () => import('./ui/SortablePage.tsx'),
    (m) => m.SortablePage,
  ),
  '/app/ui/components/tables': page(layout, (m) => m.Tables),
  '/app/menu/types': page(menu, (m) => m.MenuTypes),
  '/app/menu/levels/third-level-1': page(menu, (m) => (props) => m.MenuLevel({ ...props, level: 1 })),
  '/app/menu/levels/third-level-2': page(menu, (m) => (props) => m.MenuLevel({ ...props, level: 2 })),
  '/app/menu/levels/third-level-3': page(menu, (m) => (props) => m.MenuLevel({ ...props, level: 3 })),
};

export const SurveyDetailPage = lazy(() =>
  import('./applications/SurveyDetail.tsx').then((m) => ({ default: m.SurveyDetail })),
);
