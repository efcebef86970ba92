import { useState, useSyncExternalStore } from 'react';
import { INITIAL_MENU_STATE, widthClassOf, type MenuState, type WidthClass } from './menu-state.ts';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const currentWidthClass = (): WidthClass => widthClassOf(window.innerWidth);
const noWindowWidthClass = (): WidthClass => 'large';

/**
 * The menu's display state (menu-state.ts): it starts by the window's width; each click of the menu
 * button moves it on. A choice holds until the window crosses a breakpoint (a tablet turned, a window
 * resized); then the menu starts over in that width's state.
 */
export function useMenuState(): [MenuState, (next: (state: MenuState) => MenuState) => void] {
  const widthClass = useSyncExternalStore(subscribeToResize, currentWidthClass, noWindowWidthClass);
  const [chosen, setChosen] = useState<{ state: MenuState; widthClass: WidthClass } | null>(null);
  const state = chosen?.widthClass === widthClass ? chosen.state : INITIAL_MENU_STATE[widthClass];
  return [state, (next) => setChosen({ state: next(state), widthClass })];
}
