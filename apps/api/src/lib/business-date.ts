import { isIsoDate, londonToday, setBusinessDateSource, type IsoDate } from '@lender/contract/dates';
import type { Db } from '../db/create-db';
import { nowIso } from './clock';

const KEY = 'business_date';
/** Servers re-read the stored date this often, so a date staff move reaches them all within it. */
export const BUSINESS_DATE_RECHECK_MS = 2_000;

export type BusinessDate = ReturnType<typeof businessDate>;

/**
 * The one date every rule that says 'today' reads (docs/decisions/021), as Apache Fineract's business
 * date: the London calendar date, or outside production a later date staff moved it to with
 * `npm run ops -- business-date set`, which is how tests and people travel in time. It never goes back:
 * the stored date is a floor under the calendar, so a date left set in the past is simply overtaken.
 *
 * Reading it is synchronous (quotes price on every request); the stored row is re-read at most every
 * two seconds, by `refresh`, which the server's request hook and the close of business call.
 */
export function businessDate(db: Db, options: { production: boolean }, now: () => number = () => Date.now()) {
  let stored: IsoDate | null = null;
  let readAt = Number.NEGATIVE_INFINITY;

  // The calendar date through Intl costs more than some whole reads: asked at most once a second (a new
  // day is seen at most a second late), as the contract's own `londonToday` does.
  let calendarDate: { date: IsoDate; until: number } | null = null;
  const calendar = () => {
    const ms = now();
    if (!calendarDate || ms >= calendarDate.until || ms < calendarDate.until - 1000) {
      calendarDate = { date: londonToday(new Date(ms)), until: ms + 1000 };
    }
    return calendarDate.date;
  };
  const today = (): IsoDate => {
    const date = calendar();
    return !options.production && stored && stored > date ? stored : date;
  };

  async function read(): Promise<void> {
    const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    stored = row && isIsoDate(row.value) ? row.value : null;
    readAt = now();
  }

  return {
    today,
    /** Whether `today` may be behind the stored date by more than the recheck time. */
    isStale: () => !options.production && now() - readAt >= BUSINESS_DATE_RECHECK_MS,
    /** Reads the stored date again when the last read is older than the recheck time (or when forced). */
    async refresh(force = false): Promise<IsoDate> {
      if (!options.production && (force || now() - readAt >= BUSINESS_DATE_RECHECK_MS)) await read();
      return today();
    },
    /**
     * Moves the date forward (outside production only). Refused: a date in production, a malformed date,
     * a date before the current business date.
     */
    async set(date: string): Promise<IsoDate> {
      if (options.production) {
        throw new Error('The business date follows the London calendar in production and cannot be set.');
      }
      if (!isIsoDate(date)) throw new Error(`Not a date: ${date}. Use yyyy-mm-dd.`);
      await read();
      const current = today();
      if (date < current) {
        throw new Error(`The business date only moves forward: ${date} is before ${current}.`);
      }
      const updated_at = nowIso();
      await db
        .insertInto('app_settings')
        .values({ key: KEY, value: date, updated_at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: date, updated_at }))
        .execute();
      stored = date;
      readAt = now();
      return today();
    },
    /** Makes this the date `londonToday()` answers in this process (quotes, windows, ages, expiry). */
    install() {
      setBusinessDateSource(today);
    },
  };
}
