/**
 * `work` over every item with at most `limit` running at once; the answers in the items' order. Every
 * item is worked on before it answers, even when one fails (the first failure is then thrown): a caller
 * never moves on while calls it started are still out.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      try {
        results[k] = await work(items[k]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}
