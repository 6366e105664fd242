/**
 * Everything the bench starts (servers, a PostgreSQL cluster, browsers, temporary folders) registers how
 * to undo it here. The undo steps run last-in first-out on a normal end, on a failure and on Ctrl-C or
 * SIGTERM, so a bench that stops half way leaves no process or cluster behind.
 */
type Cleanup = { name: string; run: () => Promise<void> | void; sync?: () => void };

const cleanups: Cleanup[] = [];
let cleaningUp: Promise<void> | null = null;

/** Registers an undo step; `sync` is the last resort used when the process must exit at once. */
export function onCleanup(name: string, run: Cleanup['run'], sync?: () => void): () => void {
  const entry: Cleanup = { name, run, ...(sync ? { sync } : {}) };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered undo step once (each bounded to 20 s), newest first. */
export function cleanupAll(): Promise<void> {
  cleaningUp ??= (async () => {
    while (cleanups.length > 0) {
      const c = cleanups.pop()!;
      try {
        await withTimeout(Promise.resolve().then(c.run), 20_000, `cleanup ${c.name}`);
      } catch (err) {
        console.error(`[bench] cleanup of ${c.name} failed: ${errorText(err)}`);
        try {
          c.sync?.();
        } catch {
          // Nothing more can be done here; the message above names what may be left behind.
        }
      }
    }
  })();
  return cleaningUp;
}

/** Ctrl-C, SIGTERM and a global deadline all end in the same cleanup before exiting. */
export function installExitHandlers(globalTimeoutMs: number) {
  let exiting = false;
  const exitAfterCleanup = (code: number, why: string) => {
    if (exiting) {
      // A second Ctrl-C: do what can be done synchronously and leave.
      for (const c of cleanups.reverse()) c.sync?.();
      process.exit(code);
    }
    exiting = true;
    console.error(`\n[bench] ${why}: stopping everything the bench started`);
    const hardStop = setTimeout(() => {
      for (const c of cleanups.reverse()) c.sync?.();
      process.exit(code);
    }, 30_000);
    hardStop.unref();
    void cleanupAll().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => exitAfterCleanup(130, 'interrupted'));
  process.on('SIGTERM', () => exitAfterCleanup(143, 'terminated'));
  const deadline = setTimeout(
    () => exitAfterCleanup(124, `the whole bench took longer than ${globalTimeoutMs / 1000} s`),
    globalTimeoutMs,
  );
  deadline.unref();
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Rejects when `promise` takes longer than `ms`; every wait in the bench goes through this. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function log(message: string) {
  console.log(`[bench] ${message}`);
}
