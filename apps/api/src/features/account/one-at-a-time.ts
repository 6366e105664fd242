/**
 * Runs the work given for one key one after another, in this process. A check-then-count limit (wrong
 * passwords, reset e-mails per hour) holds against racing requests only if no two of them check at once.
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    // The map holds only keys with work in flight.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
