import { describe, expect, it, vi } from 'vitest';
import { signedInStartGroup } from './vite-signed-in-start.ts';

/** A module graph as the plugin context gives it: id -> static imports; `entry` is the boot entry. */
function graphOf(imports: Record<string, string[]>, entry: string) {
  const warn = vi.fn();
  return {
    warn,
    getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      id in imports ? { isEntry: id === entry, importedIds: imports[id]! } : null,
  };
}

const runBuildEnd = (group: ReturnType<typeof signedInStartGroup>, context: ReturnType<typeof graphOf>) =>
  (group.plugin.buildEnd as unknown as (this: unknown) => void).call(context);

describe('signedInStartGroup', () => {
  const graph = {
    '/p/src/main.tsx': ['/p/src/lib/i18n.ts', '/p/node_modules/react/index.js'],
    '/p/src/lib/i18n.ts': [],
    '/p/node_modules/react/index.js': [],
    '/p/src/routes/app.tsx?tsr-split=component': [
      '/p/src/features/shell/AppLayout.tsx',
      '/p/src/lib/i18n.ts',
      '/p/node_modules/@mantine/core/index.mjs',
    ],
    '/p/src/features/shell/AppLayout.tsx': ['/p/src/lib/labels.ts', '\0vite/preload-helper'],
    '/p/src/lib/labels.ts': [],
    '\0vite/preload-helper': [],
    '/p/node_modules/@mantine/core/index.mjs': [],
    '/p/src/app/data-layer.ts': ['/p/src/lib/offline/outbox.ts'],
    '/p/src/lib/offline/outbox.ts': [],
    '/p/src/ui/mantine-root.tsx': [],
    '/p/src/routes/app/dashboards/default.tsx?tsr-split=component': ['/p/src/lib/labels.ts'],
    '/p/src/routes/app/reports.tsx?tsr-split=component': ['/p/src/features/reports/Report.tsx'],
    '/p/src/features/reports/Report.tsx': [],
  };

  it("holds what the app layout, the data layer, Mantine's root and the landing page import, not the boot chunk's, vendors' or other pages'", () => {
    const group = signedInStartGroup();
    const context = graphOf(graph, '/p/src/main.tsx');
    runBuildEnd(group, context);
    const members = Object.keys(graph).filter(group.test);
    expect(members.sort()).toEqual([
      '/p/src/app/data-layer.ts',
      '/p/src/features/shell/AppLayout.tsx',
      '/p/src/lib/labels.ts',
      '/p/src/lib/offline/outbox.ts',
      '/p/src/routes/app.tsx?tsr-split=component',
      '/p/src/routes/app/dashboards/default.tsx?tsr-split=component',
      '/p/src/ui/mantine-root.tsx',
    ]);
    expect(context.warn).not.toHaveBeenCalled();
  });

  it('says so when a root is missing (a renamed file would silently empty the group)', () => {
    const group = signedInStartGroup();
    const { '/p/src/ui/mantine-root.tsx': _gone, ...rest } = graph;
    const context = graphOf(rest, '/p/src/main.tsx');
    runBuildEnd(group, context);
    expect(context.warn).toHaveBeenCalledWith(expect.stringContaining('found 3 of 4 roots'));
    expect(group.test('/p/src/lib/labels.ts')).toBe(true);
  });
});
