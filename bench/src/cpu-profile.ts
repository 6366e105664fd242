import path from 'node:path';
import { repoRoot } from './server';

/** The parts of V8's `.cpuprofile` (written by `node --cpu-prof`) that the summary reads. */
export type CpuProfile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type Share = { name: string; samples: number; percent: number };

export type ProfileSummary = {
  /** Samples in the window, the idle ones included. */
  samples: number;
  /** The window's length divided by its samples: the time one sample stands for. */
  microsPerSample: number;
  /** Share of the window's samples in which the server was not idle. */
  busyPercent: number;
  /** Self time by function, in per cent of the busy samples. */
  self: Share[];
  /** Time with the function anywhere on the stack, in per cent of the busy samples. */
  inclusive: Share[];
  /** Self time by package: the nearest frame with a script decides, so a builtin counts for its caller. */
  areas: Share[];
};

const SPECIAL_AREAS: Record<string, string> = {
  '(garbage collector)': 'garbage collection',
  '(program)': 'V8 and native code outside JavaScript',
  '(root)': 'V8 and native code outside JavaScript',
};

/** `zod`, `@fastify/compress`, `apps/api`, `node:http`... for a script URL. */
export function areaOf(url: string): string {
  if (url.startsWith('node:')) return `Node core (${url.replace(/^node:(internal\/)?/, '').split('/')[0]})`;
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const inModules = file.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = file.slice(inModules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const relative = path.relative(repoRoot, file);
  if (!relative.startsWith('..')) return relative.split(path.sep).slice(0, 2).join('/');
  return file || 'unknown';
}

const frameName = (frame: CpuProfile['nodes'][number]['callFrame']) => {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return fn;
  const file = frame.url.startsWith('file://') ? new URL(frame.url).pathname : frame.url;
  const shown = file.includes('/node_modules/')
    ? file.slice(file.lastIndexOf('/node_modules/') + '/node_modules/'.length)
    : path.relative(repoRoot, file) || file;
  return `${fn} ${shown}:${frame.lineNumber + 1}`;
};

const ranked = (counts: Map<string, number>, of: number, top: number): Share[] =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, samples]) => ({ name, samples, percent: of ? Math.round((samples / of) * 1000) / 10 : 0 }));

/**
 * Where the server spent its time between `fromMicros` and `toMicros` (V8's clock, the same monotonic clock
 * as `process.hrtime` in any process of this machine, so a window timed by the bench selects its samples).
 */
export function summarise(
  profile: CpuProfile,
  window: { fromMicros: number; toMicros: number },
  top = 20,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  let at = profile.startTime;
  let samples = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.fromMicros || at > window.toMicros) return;
    samples++;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    busy++;
    add(self, frameName(leaf.callFrame));

    const seen = new Set<string>();
    let area = SPECIAL_AREAS[leaf.callFrame.functionName];
    for (let n: typeof leaf | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const name = frameName(n.callFrame);
      if (n.callFrame.functionName !== '(root)' && !seen.has(name)) {
        seen.add(name);
        add(inclusive, name);
      }
      area ??= n.callFrame.url ? areaOf(n.callFrame.url) : undefined;
    }
    add(areas, area ?? 'V8 builtins');
  });

  return {
    samples,
    microsPerSample: samples ? (window.toMicros - window.fromMicros) / samples : 0,
    busyPercent: samples ? Math.round((busy / samples) * 1000) / 10 : 0,
    self: ranked(self, busy, top),
    inclusive: ranked(inclusive, busy, top),
    areas: ranked(areas, busy, top),
  };
}
