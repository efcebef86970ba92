// `npm start`: builds the PWA when it is missing or older than its sources, then starts the server
// (migrations and the demo shop on first run happen there).
import { pwaBuildIsStale } from './lib/build-stamp.ts';
import { run } from './lib/run.ts';

if (pwaBuildIsStale()) {
  process.stdout.write('Building the PWA…\n');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
const { main } = await import('#server/index.ts');
await main();
