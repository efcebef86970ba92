/**
 * The side menu's display states (spec sections 2 and 9: "the side menu cycles through 4 display
 * states by click count"; breakpoints 768 and 1200). Pure: the layout reads the state, the menu
 * button asks for the next one.
 *
 * - full: icons and labels, beside the content;
 * - compact: icons only (labels as tooltips), beside the content;
 * - hidden: no menu, the content takes the whole width;
 * - overlay: icons and labels drawn over the content, as on tablets; dismissing it (Escape, a click
 *   outside, choosing a page) hides it.
 */
export const MENU_STATES = ['full', 'compact', 'hidden', 'overlay'] as const;
export type MenuState = (typeof MENU_STATES)[number];

/** Below this width (CSS px) the window is phone-sized: the menu starts hidden. */
export const MOBILE_BREAKPOINT = 768;
/** From this width (CSS px) on there is room for the full menu. */
export const LARGE_BREAKPOINT = 1200;

export type WidthClass = 'small' | 'medium' | 'large';

export function widthClassOf(width: number): WidthClass {
  if (width >= LARGE_BREAKPOINT) return 'large';
  if (width >= MOBILE_BREAKPOINT) return 'medium';
  return 'small';
}

/** The state the menu starts in, by window width class. */
export const INITIAL_MENU_STATE: Readonly<Record<WidthClass, MenuState>> = {
  large: 'full',
  medium: 'compact',
  small: 'hidden',
};

/** The state the menu starts in at a window width: >= 1200 full, 768–1199 compact, < 768 hidden. */
export function initialMenuState(width: number): MenuState {
  return INITIAL_MENU_STATE[widthClassOf(width)];
}

const NEXT: Readonly<Record<MenuState, MenuState>> = {
  full: 'compact',
  compact: 'hidden',
  hidden: 'overlay',
  overlay: 'full',
};

/** One click of the menu button: full → compact → hidden → overlay → full. */
export function nextMenuState(state: MenuState): MenuState {
  return NEXT[state];
}

/** Escape, a click outside or choosing a page closes the overlay; the other states stay. */
export function dismissMenu(state: MenuState): MenuState {
  return state === 'overlay' ? 'hidden' : state;
}
