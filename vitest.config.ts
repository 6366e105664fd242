import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { callRoutesPlugin } from './apps/web/build/call-routes-plugin';
import { representativeExamplePlugin } from './apps/web/build/representative-example-plugin';

// One runner, six projects: the pure contract, the project's tooling, the bench's budget logic, the API (in process, against a
// real database chosen by TEST_DATABASE_URL, SQLite files by default), the API as several real processes, and the web
// components (happy-dom).
export default defineConfig({
  test: {
    // Vitest keeps one core for itself by default: one test file at a time on a 2-core machine. The API's
    // files wait on their databases much of the time, so two at a time took 169 s down to 118 s there.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        // Property tests over every day of a loan's life run for seconds: 5 s (the default) failed them on
        // a loaded 2-core machine, where nothing was wrong but the machine's speed.
        test: { name: 'contract', root: 'packages/contract', environment: 'node', testTimeout: 30_000 },
      },
      {
        // The project's own tooling (the lint rule that keeps feature folders apart).
        test: { name: 'tooling', root: 'scripts', environment: 'node' },
      },
      {
        // The bench's own logic (which budgets a run met); the measuring itself is `npm run bench`.
        test: { name: 'bench', root: 'bench', environment: 'node' },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          // The several-process suite starts real servers: its own project below.
          exclude: [...configDefaults.exclude, '**/*.multi.test.ts'],
          // Each file builds its own app on its own database, so files need no process of their own: one
          // process per worker imports the app once. A process per file spent 330 s importing (summed over
          // the files) and took 425 s on SQLite here; one per worker, 27 s and 337 s. What stays
          // process-wide (the business date `londonToday` reads) each new app installs anew.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Real server processes side by side on one PostgreSQL (`npm run test:api:multi`, decision 033):
        // each file starts its own, so its timeouts cover process starts on a busy 2-core machine.
        test: {
          name: 'api-multi',
          root: 'apps/api',
          environment: 'node',
          include: ['src/**/*.multi.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The web app's build-time modules (virtual:representative-example, virtual:call-routes), as in
        // apps/web/vite.config.ts.
        plugins: [representativeExamplePlugin(), callRoutesPlugin()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'happy-dom',
          testTimeout: 20_000,
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
    ],
  },
});
