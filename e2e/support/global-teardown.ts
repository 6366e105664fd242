import fs from 'node:fs';

/** The throwaway SQLite database (and its WAL files) goes once the run is over. */
export default function globalTeardown() {
  const db = process.env.E2E_DATABASE;
  if (!db) return;
  for (const suffix of ['', '-wal', '-shm', '-journal', '.log', '.secrets'])
    fs.rmSync(`${db}${suffix}`, { force: true });
}
