// The import boundaries of docs/architecture.md ("Layout and who may import what"), as path zones of
// import-x/no-restricted-paths. Zones match resolved paths, so `../other-feature/x` is caught as
// surely as `#src/features/other-feature/x`. The zones are made from the folders on disk: a new
// feature or server module falls under the rules the day its folder appears.
import { readdirSync } from 'node:fs';

const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Which other modules a server module's own code (handlers, services, repositories) may import,
 * besides server/lib, server/db, server/http, server/providers and contract/. A module absent
 * here imports no other module. Its `wiring.ts` and its tests are free: wiring is where modules meet
 * (account's wiring registers team's and wechat's handlers). The graph has no cycle
 * (tests/lint/boundaries.test.ts checks it): `checks` writes `dashboards`' rollup in its own
 * transactions, so dashboards never reads checks.
 */
export const moduleUses = {
  account: ['auth', 'team'],
  checks: ['auth', 'ledger', 'dashboards'],
  counter: ['auth', 'team'],
  dashboards: ['repairs', 'wallet'],
  exports: ['auth', 'checks'],
  ocr: ['auth'],
  realtime: ['auth'],
  repairs: ['auth', 'ledger'],
  team: ['auth'],
  'template-kit': ['auth', 'team'],
  wallet: ['auth', 'ledger', 'wechat'],
  wechat: ['auth'],
};

const featureZones = (root) =>
  foldersIn(`${root}/src/features`).map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: 'A feature imports src/lib, src/ui, contract/ and its own folder, never another feature.',
  }));

const moduleZones = (root) =>
  foldersIn(`${root}/server/modules`).map((module) => ({
    target: `server/modules/${module}/**/!(wiring|*.test).ts`,
    from: 'server/modules/*/**',
    // Glob exceptions are matched as they stand against absolute paths.
    except: [module, ...(moduleUses[module] ?? [])].map((allowed) => `${root}/server/modules/${allowed}/**`),
    message: `Module ${module} imports only the modules eslint/boundaries.js moduleUses declares for it; other modules meet in wiring.ts.`,
  }));

/** The zones, with paths relative to `root` (the repository). */
export function boundaryZones(root) {
  return [
    ...featureZones(root),
    {
      target: 'src/features',
      from: ['src/routes', 'src/app', 'src/main.tsx'],
      message: 'A feature never imports a route or app/: routes compose features.',
    },
    {
      target: ['src/ui', 'src/lib'],
      from: ['src/features', 'src/routes', 'src/app'],
      message: 'src/ui and src/lib import nothing from features, routes or app.',
    },
    { target: 'src', from: 'server', message: 'src/ never imports server/: share through contract/.' },
    { target: 'server', from: 'src', message: 'server/ never imports src/: share through contract/.' },
    { target: 'contract', from: ['src', 'server'], message: 'contract/ is pure TypeScript + zod.' },
    ...moduleZones(root),
    {
      // A module's wiring.ts builds the runners that serve it (the composition root); its handlers,
      // services and repositories never reach into server/jobs.
      target: 'server/modules/**/!(wiring|*.test).ts',
      from: 'server/jobs/**',
      message: 'Jobs import modules, never the reverse: a module hands work to a job through its tables.',
    },
    {
      target: 'server/lib/**/!(*.test).ts',
      from: ['server/modules/**', 'server/jobs/**', 'server/http/**'],
      message: 'server/lib is the bottom layer: it imports no module, job or plugin.',
    },
  ];
}
