import { describe, expect, it } from 'vitest';
import { mapConcurrently } from './concurrently';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapConcurrently', () => {
  it('answers in the items order with at most `limit` running at once', async () => {
    let running = 0;
    let most = 0;
    const answers = await mapConcurrently([5, 1, 4, 2, 3, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      for (let k = 0; k < n; k++) await tick();
      running--;
      return n * 10;
    });
    expect(answers).toEqual([50, 10, 40, 20, 30, 60, 70]);
    expect(most).toBe(3);
  });

  it('finishes every item before throwing the first failure', async () => {
    const done: number[] = [];
    await expect(
      mapConcurrently([1, 2, 3, 4], 2, async (n) => {
        await tick();
        if (n === 2) throw new Error('two failed');
        done.push(n);
        return n;
      }),
    ).rejects.toThrow('two failed');
    expect(done.sort()).toEqual([1, 3, 4]);
  });

  it('answers nothing for no items', async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
  });
});
