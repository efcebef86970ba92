import { useMediaQuery } from '@mantine/hooks';

/**
 * Below the spec's large breakpoint (1200 px, section 9), a tablet or a split window: pages put their
 * filters behind a button (a drawer) and their side lists above the content, so the results start near
 * the top and their key columns fit (issue 27: on 768 x 1024 the filters took 1,200 px before the
 * first result). Asked as max-width, read at the first render (no wide-then-narrow flash).
 */
export const TABLET_LAYOUT_QUERY = '(max-width: 1199.98px)';

export function useTabletLayout(): boolean {
  return useMediaQuery(TABLET_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
}
