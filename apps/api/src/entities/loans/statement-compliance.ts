import { addDays, type IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import {
  lastDayToGive,
  periodMayHaveEndedBy,
  periodsEndedBy,
  S77A_GIVE_WITHIN_DAYS,
} from './statement-periods';

/**
 * The period of non-compliance with s77A (Consumer Credit Act 1974 s77A(5)-(7), docs/decisions/073): a
 * statement not given within its 30 days (s77A(1E)) leaves the agreement, from the day after its last day
 * until the day it is given (s77A(7)), with no enforcement (s77A(6)(a)), no interest for those days
 * ((b)) and no default sum that falls due in them or for a breach in them ((c)).
 */

/** A statement given: its period and the day it was really given (`annual_statements`). */
export type GivenStatement = { periodSeq: number; givenOn: IsoDate };

/** A period of non-compliance: `to` is the day the late statement was given, null while none has been. */
export type NonCompliance = { periodSeq: number; periodEnd: IsoDate; from: IsoDate; to: IsoDate | null };

/** Every period of non-compliance begun by `date`, of an agreement made on `agreementDate`. */
export function nonCompliancePeriods(
  agreementDate: IsoDate,
  given: readonly GivenStatement[],
  date: IsoDate,
): NonCompliance[] {
  // A period whose last day to give is before `date` ended more than 30 days before it.
  const due = periodsEndedBy(agreementDate, addDays(date, -S77A_GIVE_WITHIN_DAYS - 1));
  const givenOn = new Map(given.map((g) => [g.periodSeq, g.givenOn]));
  return due.flatMap((period) => {
    const lastDay = lastDayToGive(period);
    const on = givenOn.get(period.seq);
    if (on !== undefined && on <= lastDay) return [];
    return [{ periodSeq: period.seq, periodEnd: period.end, from: addDays(lastDay, 1), to: on ?? null }];
  });
}

/** Whether `date` falls in a period of non-compliance: the day a late statement is given is still in it. */
export const inNonCompliance = (periods: readonly NonCompliance[], date: IsoDate) =>
  periods.find((p) => p.from <= date && (p.to === null || date <= p.to)) ?? null;

/** The statements given for these loans, by loan. */
export async function statementsGiven(
  db: DbExecutor,
  applicationIds: readonly number[],
): Promise<Map<number, GivenStatement[]>> {
  const byLoan = new Map<number, GivenStatement[]>();
  if (applicationIds.length === 0) return byLoan;
  const rows = await db
    .selectFrom('annual_statements')
    .select(['application_id', 'period_seq', 'given_on'])
    .where('application_id', 'in', applicationIds)
    .execute();
  for (const r of rows) {
    const list = byLoan.get(r.application_id) ?? [];
    list.push({ periodSeq: r.period_seq, givenOn: r.given_on as IsoDate });
    byLoan.set(r.application_id, list);
  }
  return byLoan;
}

/** Whether an agreement made on `agreementDate` can have a statement past its last day by `date`. */
export function statementCanBeLate(agreementDate: IsoDate, date: IsoDate): boolean {
  const lastDayPassed = addDays(date, -S77A_GIVE_WITHIN_DAYS - 1);
  return (
    periodMayHaveEndedBy(agreementDate, lastDayPassed) &&
    periodsEndedBy(agreementDate, lastDayPassed).length > 0
  );
}
