import type { Dictionaries } from '@lender/contract/dictionaries';
import { dictionaryNameFor } from '@lender/contract/dictionary-ids';
import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { londonToday } from '@lender/contract/dates';
import { enableDateFor, type WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { handle } from '../../plugins/calls';
import { loadDictionaries } from '../../lib/dictionary-store';

const wantsSmall = (params: string | string[] | null | undefined) =>
  params === 'small' || (Array.isArray(params) && params.includes('small'));

export async function registerDictionaryRoutes(app: FastifyInstance, ctx: AppContext) {
  const stored = await loadDictionaries(ctx.db);

  handle(app, ctx, 'getDictionaries', async ({ body }) => {
    const result: Dictionaries = {};
    const today = londonToday();
    for (const { key, params } of body.queries) {
      const name = dictionaryNameFor(key);
      if (!name) return fail(ErrorId.validation, `Unknown dictionary: ${String(key).slice(0, 40)}`);
      const entries = stored.get(name) ?? [];
      if (name === 'wageFrequencies') {
        result.wageFrequencies = entries
          .filter((e) => !wantsSmall(params) || e.inSmall)
          .map((e) => ({
            id: e.id,
            name: e.name,
            enableDate: e.fixesDate ? enableDateFor(e.id as WageFrequencyId, today) : null,
          }));
      } else {
        result[name] = entries.map((e) => ({ id: e.id, name: e.name }));
      }
    }
    return ok(result);
  });
}
