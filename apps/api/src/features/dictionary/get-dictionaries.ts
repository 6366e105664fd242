import type { Dictionaries } from '@lender/contract/dictionaries';
import { dictionaryNameFor } from '@lender/contract/dictionary-ids';
import { ok } from '@lender/contract/envelope';
import { londonToday } from '@lender/contract/dates';
import { enableDateFor, type WageFrequencyId } from '@lender/contract/pricing/repayment-dates';
import type { StoredDictionaries } from '../../lib/dictionary-store';
import { implementCall } from '../../plugins/calls';

const wantsSmall = (params: string | string[] | null | undefined) =>
  params === 'small' || (Array.isArray(params) && params.includes('small'));

/** Dictionary/GetDictionaries: the asked lists, from the dictionaries read once at start-up. */
export const getDictionaries = (stored: StoredDictionaries) =>
  implementCall('getDictionaries', async ({ body }) => {
    const result: Dictionaries = {};
    const today = londonToday();
    for (const { key, params } of body.queries) {
      // The request schema admits only the keys of known dictionaries (an unknown one answers 400).
      const name = dictionaryNameFor(key)!;
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
