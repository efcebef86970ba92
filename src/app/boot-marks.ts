/**
 * Marks on the page's performance timeline at each step of a start (the entry run, the catalogs, the
 * data layer, the first render, the opened route's code, its loader asking for the page's lists): `npm run bench:pages` reads them to say
 * what a new tab waits on before its page shows. A mark costs microseconds and stays in the page.
 */
export type BootStep = 'boot' | 'catalogs' | 'data-layer' | 'render' | 'route-code' | 'page-data';

export function markBoot(step: BootStep): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(`repairops:${step}`);
}
