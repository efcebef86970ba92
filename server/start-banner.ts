import type { FirstStart } from './first-start.ts';
import { DEMO_USERS } from './seed.ts';

export interface BannerFacts {
  port: number;
  production: boolean;
  /** `npm run dev`: the Vite dev server's address (this process serves the API only). */
  viteUrl?: string;
  servesPwa: boolean;
  /** The SQLite file, or "PostgreSQL" (never the URL: it may hold a password). */
  database: string;
  first: FirstStart;
}

/** The command that creates a shop and its first Admin (scripts/create-admin.ts, decision 0041). */
export const CREATE_ADMIN_HINT = 'npm run create-admin -- --username <username> --shop "<shop name>"';

/**
 * What a start prints for the person who ran it. Outside production: the demo shop's sign-ins, as
 * always. In production never a password: with no account yet, how to create the first one.
 */
export function startBanner(f: BannerFacts): string {
  const { demo } = f.first;
  const lines = [
    `RepairOps is running at http://localhost:${f.port}/`,
    ...(f.viteUrl
      ? [`  (API only: open the Vite dev server at ${f.viteUrl})`]
      : f.servesPwa
        ? []
        : ['  (the PWA is not built: run `npm run build`, or `npm start` which builds it)']),
    `  database: ${f.database}${demo?.seeded ? ' (demo shop seeded)' : ''}`,
  ];
  if (demo?.history) {
    const h = demo.history;
    lines.push(
      `  demo history: ${h.orders} check orders, ${h.devices} devices, ${h.recharges} recharges over 90 days (${h.ms} ms; REPAIROPS_DEMO_HISTORY=0 leaves it out)`,
    );
  }
  if (!f.production) {
    lines.push(
      '  demo sign-ins:',
      ...DEMO_USERS.map((u) => `    ${u.role === 0 ? 'Admin ' : 'Editor'}  ${u.username} / ${u.password}`),
    );
  } else if (!f.first.hasUsers) {
    lines.push(
      '  no account yet: create the shop and its first Admin (the password is asked for, never given on the command line):',
      `    ${CREATE_ADMIN_HINT}`,
      '  then `npm run doctor` lists the outside connections and what production refuses without them',
    );
  }
  return ['', ...lines, ''].join('\n') + '\n';
}
