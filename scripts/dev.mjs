// `npm run dev`: the API (restarting on change) and Vite with hot reload, which proxies /api to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn('node', ['--watch', '--import', 'tsx', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    // The page is Vite's (it proxies /api, /dev and /sandbox here), so links and the card sandbox must
    // name Vite's address: the API's own default (its port, 3000) would send the card check and the
    // 3-D Secure return to another origin, which has none of the page's session.
    env: {
      ...process.env,
      WEB_DIST: 'apps/web/no-build-in-dev',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173',
    },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
console.log('API on http://127.0.0.1:3000, web app with hot reload on http://127.0.0.1:5173');
