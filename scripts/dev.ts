// `npm run dev`: the API server (restarted on change by Node's --watch) and Vite's dev server with
// hot reload, which proxies /api and /socket.io to it (vite.config.ts).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8787';
const children = [
  spawn('node', ['--watch-path=server', '--watch-path=contract', 'server/index.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      STATIC_DIR: 'dist-none',
      REPAIROPS_VITE_URL: 'http://localhost:5173/',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
