// The code every signed-in start runs, as one chunk (issue 15: the offline cold start). Each page of
// the app renders under the app layout (src/routes/app.tsx); main.tsx starts the data layer and
// Mantine's root for every signed-in user; and the installed app opens at its start_url, `/#/`, which
// redirects to the landing page (src/features/shell/landing.ts). What those import is fetched at
// every signed-in start (the landing page's at every launch of the installed app); split by use it
// came in ~22 chunks of 0.3-3 kB, each a request of its own.
// Left out: what the boot chunk already holds (the sign-in page's first load would take the group
// whole), and node_modules (the vendor groups of vite.config.ts).
import type { Plugin } from 'vite';
import { LANDING_PATH } from '../src/features/shell/landing.ts';

/** A route file's code-split component module, by the route's path (file-based routing). */
const routeComponent = (routePath: string) =>
  new RegExp(`[\\\\/]src[\\\\/]routes${routePath.replaceAll('/', '[\\\\/]')}\\.tsx\\?tsr-split=component`);

/** Where a signed-in start begins: the app layout, the two chunks main.tsx starts, the landing page. */
export const SIGNED_IN_ROOTS = [
  routeComponent('/app'),
  /[\\/]src[\\/]app[\\/]data-layer\.ts$/,
  /[\\/]src[\\/]ui[\\/]mantine-root\.tsx$/,
  routeComponent(LANDING_PATH),
];

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** Every module `roots` import statically, directly or not, with the roots. */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * A plugin that learns the signed-in start's modules once the module graph is built, and the test of
 * the code-splitting group that holds them (chunking runs after the graph is built).
 */
export function signedInStartGroup(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'repairops-signed-in-start',
    apply: 'build',
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const ids = [...graph.getModuleIds()];
      const boot = staticClosure(
        graph,
        ids.filter((id) => graph.getModuleInfo(id)?.isEntry),
      );
      const roots = ids.filter((id) => SIGNED_IN_ROOTS.some((root) => root.test(id)));
      if (roots.length !== SIGNED_IN_ROOTS.length) {
        this.warn(`signed-in start: found ${roots.length} of ${SIGNED_IN_ROOTS.length} roots`);
      }
      members.clear();
      for (const id of staticClosure(graph, roots)) {
        if (!boot.has(id) && !id.includes('node_modules') && !id.startsWith('\0')) members.add(id);
      }
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
