// The first half of `npm start`: builds the PWA when it is missing or older than its sources, and
// the server (scripts/build-server.ts, under a second). package.json then runs the built server
// with the production flags (server/node-flags.ts); migrations and the demo shop on first run
// happen there.
import { buildServer } from './build-server.ts';
import { pwaBuildIsStale } from './lib/build-stamp.ts';
import { run } from './lib/run.ts';

if (pwaBuildIsStale()) {
  process.stdout.write('Building the PWA…\n');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
await buildServer();
