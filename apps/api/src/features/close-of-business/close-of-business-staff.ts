import type { IsoDate } from '@lender/contract/dates';
import type { Db } from '../../db/create-db';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { staffDone as done, type StaffResult } from '../../lib/staff-result';
import type { CloseOfBusiness, DayClosed } from './close-of-business';

export type CloseRun = { days: DayClosed[]; lastClosed: IsoDate | null; by: Actor };

/**
 * A close of business run on staff's word (`npm run ops -- close-of-business`): who ran it is in the
 * audit with the days it closed; the days themselves are the job's own (system:close-of-business).
 */
export function closeOfBusinessStaff(db: Db, cob: Pick<CloseOfBusiness, 'closeThrough' | 'lastClosed'>) {
  return {
    async run(through: string | undefined, actor: Actor): Promise<StaffResult<CloseRun>> {
      const days = await cob.closeThrough(through);
      await auditRepository(db).record({
        actor,
        action: 'close-of-business-run',
        details: { through: through ?? null, closed: days.filter((d) => !d.skipped).map((d) => d.date) },
      });
      return done({ days, lastClosed: days.length === 0 ? await cob.lastClosed() : null, by: actor });
    },
  };
}
