/**
 * `node --import tsx bench/src/profile.ts [--call=calculateQuote] [--seconds=5] [--connections=50]
 *  [--interval=100] [--top=20] [--out=/tmp/prof]`
 *
 * Where a call's time goes under load: starts one server (as the bench does) under `node --cpu-prof`,
 * loads the bare route and then the call with autocannon for the same time, and prints for each window
 * the requests per second, the server's CPU time per request (from /proc, so another process's load on
 * the machine does not change it much) and the top functions and packages by self time. `--out` keeps the
 * `.cpuprofile` for Chrome DevTools (Performance > Load profile).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CallName } from '@lender/contract/api-calls';
import { API_CALLS, bareOptions, loadOptions, runAutocannon, toLoad } from './api';
import { summarise, type CpuProfile, type Share } from './cpu-profile';
import { signedInApplicant } from './journeys';
import { cleanupAll, errorText, installExitHandlers, log } from './lifecycle';
import { startServer, tempDir } from './server';

const { values } = parseArgs({
  options: {
    call: { type: 'string', default: 'calculateQuote' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    interval: { type: 'string', default: '100' },
    top: { type: 'string', default: '20' },
    out: { type: 'string' },
    // Figures without the profiler's own cost (about a fifth at 100 µs): rates and CPU per request only.
    'no-profile': { type: 'boolean', default: false },
  },
});

const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Each line: per cent of the busy samples, then the time per request it stands for. */
const print = (title: string, shares: Share[], microsPerShare: number) => {
  console.log(`  ${title}`);
  for (const s of shares) {
    const us = (s.samples * microsPerShare).toFixed(1);
    console.log(`    ${s.percent.toFixed(1).padStart(5)}% ${us.padStart(6)} µs  ${s.name}`);
  }
};

async function main() {
  installExitHandlers(5 * 60_000);
  const entry = API_CALLS.find((c) => c.call === (values.call as CallName));
  if (!entry) throw new Error(`--call: ${values.call} is not in API_CALLS (bench/src/api.ts)`);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const work = tempDir('profile');
  const profileDir = values.out ? path.resolve(values.out) : path.join(work, 'profile');
  fs.mkdirSync(profileDir, { recursive: true });
  const before = new Set(fs.readdirSync(profileDir));

  const server = await startServer({
    databaseUrl: `sqlite:${path.join(work, 'profile.sqlite')}`,
    // The API alone: no web build is needed to profile a call.
    webDist: path.join(work, 'no-web-build'),
    label: 'profile',
    logDir: work,
    nodeArgs: values['no-profile']
      ? []
      : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-interval=${values.interval}`],
  });
  const fixture = await signedInApplicant(server.baseUrl);
  const call = loadOptions(server.baseUrl, entry, fixture, connections, seconds);
  const bare = bareOptions(server.baseUrl, connections, seconds);

  log('warming up (2 s each)...');
  await runAutocannon({ ...call, duration: 2 });
  await runAutocannon({ ...bare, duration: 2 });
  const windows = [];
  for (const [name, options] of [
    ['bare GET /api/health', bare],
    [`${entry.call} ${call.method ?? 'GET'} ${new URL(call.url).pathname}`, call],
  ] as const) {
    log(`${name} for ${seconds} s...`);
    const serverBefore = server.cpuSeconds();
    const ownBefore = process.cpuUsage();
    const fromMicros = nowMicros();
    const load = toLoad(await runAutocannon(options));
    const toMicros = nowMicros();
    const own = process.cpuUsage(ownBefore);
    const serverMicros = (server.cpuSeconds() - serverBefore) * 1e6;
    windows.push({
      name,
      load,
      fromMicros,
      toMicros,
      serverMicrosPerRequest: serverMicros / load.requests,
      clientMicrosPerRequest: (own.user + own.system) / load.requests,
    });
  }
  // The profile is written when the server exits.
  await server.stop();

  const profile = values['no-profile'] ? null : readServerProfile(profileDir, server.pid, before);
  for (const w of windows) {
    console.log(
      `\n${w.name}: ${w.load.rps} req/s, p50 ${w.load.p50Ms} ms, p99 ${w.load.p99Ms} ms, ` +
        `${w.load.non2xx} non-2xx; CPU per request: server ${Math.round(w.serverMicrosPerRequest)} µs, ` +
        `load generator ${Math.round(w.clientMicrosPerRequest)} µs`,
    );
    if (!profile) continue;
    const s = summarise(profile.profile, w, Number(values.top));
    console.log(
      `  ${s.samples} samples, ${s.busyPercent}% busy; per cent of the busy samples, µs per request`,
    );
    const perRequest = s.microsPerSample / w.load.requests;
    print('by package (self time, a builtin counted for its JavaScript caller):', s.areas, perRequest);
    print('by function, self time:', s.self, perRequest);
    print('by function, on the stack (inclusive):', s.inclusive, perRequest);
  }
  const [b, c] = windows as [(typeof windows)[number], (typeof windows)[number]];
  console.log(
    `\nratio ${(c.load.rps / b.load.rps).toFixed(2)} (req/s); server CPU per request ` +
      `${Math.round(c.serverMicrosPerRequest)} µs against ${Math.round(b.serverMicrosPerRequest)} µs bare ` +
      `(${(b.serverMicrosPerRequest / c.serverMicrosPerRequest).toFixed(2)})`,
  );
  if (profile && values.out) console.log(`profile: ${profile.file}`);
}

/**
 * The server's `.cpuprofile`, named CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the
 * server; tsx's loader thread writes one of its own.
 */
function readServerProfile(dir: string, pid: number, existing: Set<string>) {
  const written = fs
    .readdirSync(dir)
    .filter((f) => !existing.has(f) && f.includes(`.${pid}.0.`) && f.endsWith('.cpuprofile'));
  if (written.length !== 1) throw new Error(`no profile of the server's main thread in ${dir}`);
  const file = path.join(dir, written[0]!);
  return { file, profile: JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile };
}

main().then(
  () => cleanupAll().then(() => process.exit(0)),
  (err) => {
    console.error(`[profile] ${errorText(err)}`);
    return cleanupAll().then(() => process.exit(1));
  },
);
