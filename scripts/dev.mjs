// `npm run dev`: the API (restarting on change) and Vite with hot reload, which proxies /api to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn('node', ['--watch', '--import', 'tsx', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: 'apps/web/no-build-in-dev' },
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
