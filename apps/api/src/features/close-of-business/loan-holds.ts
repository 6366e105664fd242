import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import {
  breathingSpaceRepository,
  type BreathingSpace,
} from '../../entities/loans/breathing-space-repository';
import type { LoanTerms, Position } from '../../entities/loans/ledger';
import {
  inMoratorium,
  interestDayAfterMoratoria,
  missedPaymentCovered,
  UNTIL_ENDED,
  type Moratorium,
} from '../../entities/loans/moratorium';
import { oldestUnpaidDueDate } from '../../entities/loans/servicing-rules';
import {
  inNonCompliance,
  nonCompliancePeriods,
  statementCanBeLate,
  statementsGiven,
  type NonCompliance,
} from '../../entities/loans/statement-compliance';
import { withdrawalRepository, type Withdrawal } from '../../entities/loans/withdrawal-repository';

/**
 * What holds back the close of business's usual work on a loan (docs/decisions/026): a notice of
 * withdrawal (Consumer Credit Act s66A), after which the agreement's instalments no longer apply, and
 * Breathing Space moratoria (the Debt Respite Scheme), during which nothing is added to the debt and
 * nothing is done to collect it; and periods of non-compliance with s77A (a late annual statement,
 * statement-compliance.ts), which take interest, default sums and enforcement away for their days.
 */
export type Hold = { withdrawal?: Withdrawal; spaces?: BreathingSpace[]; lateStatements?: NonCompliance[] };

/**
 * The holds of a page of loans on `date`, in two queries, and a third for the loans old enough for an
 * annual statement to be late (most loans are not: they end within six months).
 */
export async function holdsOf(
  db: DbExecutor,
  applicationIds: readonly number[],
  day?: { date: IsoDate; agreementDates: ReadonlyMap<number, IsoDate> },
): Promise<Map<number, Hold>> {
  const old = day
    ? applicationIds.filter((id) => {
        const made = day.agreementDates.get(id);
        return made !== undefined && statementCanBeLate(made, day.date);
      })
    : [];
  const [withdrawals, spaces, given] = await Promise.all([
    withdrawalRepository(db).among(applicationIds),
    breathingSpaceRepository(db).among(applicationIds),
    statementsGiven(db, old),
  ]);
  const holds = new Map<number, Hold>();
  for (const [id, withdrawal] of withdrawals) holds.set(id, { withdrawal });
  for (const [id, list] of spaces) holds.set(id, { ...holds.get(id), spaces: list });
  for (const id of old) {
    // After a notice of withdrawal no statement is owed (s66A(7)): nothing can be late.
    if (holds.get(id)?.withdrawal) continue;
    const late = nonCompliancePeriods(day!.agreementDates.get(id)!, given.get(id) ?? [], day!.date);
    if (late.length > 0) holds.set(id, { ...holds.get(id), lateStatements: late });
  }
  return holds;
}

/** Reg. 7: no interest, fee or charge on a day of a moratorium, and no step to collect the debt. */
export const inBreathingSpace = (hold: Hold | undefined, date: IsoDate) => inMoratorium(hold?.spaces, date);

/** s77A(6): the period of non-compliance `date` falls in, if any: no enforcement, interest or default sum. */
export const lateStatementOn = (hold: Hold | undefined, date: IsoDate) =>
  inNonCompliance(hold?.lateStatements ?? [], date);

/**
 * The days no interest runs, as spans of days: moratoria (reg. 7) and periods of non-compliance
 * (s77A(6)(b)). Asked of every loan every day: most have neither, and nothing is made for them.
 */
const interestFreeSpans = (hold: Hold | undefined): readonly Moratorium[] | undefined =>
  hold?.lateStatements
    ? [
        ...(hold.spaces ?? []),
        ...hold.lateStatements.map((p) => ({
          started_on: p.from,
          ends_on: p.to ?? UNTIL_ENDED,
          ended_on: null,
        })),
      ]
    : hold?.spaces;

/** Whether no interest runs on `date`: a moratorium's day, or one of non-compliance with s77A. */
export const interestFreeOn = (hold: Hold | undefined, date: IsoDate) =>
  inMoratorium(interestFreeSpans(hold), date);

/**
 * The day to price `date`'s interest as, the days without interest left out (see
 * `interestDayAfterMoratoria`): interest runs in steps from the principal's last change, so a day left
 * out must be taken out of the count, or the next day would charge it.
 */
export const interestDayOf = (hold: Hold | undefined, position: Position, date: IsoDate) =>
  interestDayAfterMoratoria(interestFreeSpans(hold), position.principalSince, date);

/**
 * Whether a default fee may be charged: never once the customer has withdrawn (s66A(9): only principal
 * and interest), never during a moratorium, and never for a missed payment that was overdue during one;
 * never on a day of non-compliance with s77A, nor for a payment missed in one (s77A(6)(c)).
 */
export function feeAllowed(hold: Hold | undefined, terms: LoanTerms, position: Position, date: IsoDate) {
  const missed = oldestUnpaidDueDate(terms, position, date);
  return (
    !hold?.withdrawal &&
    !inBreathingSpace(hold, date) &&
    !missedPaymentCovered(hold?.spaces, missed, date) &&
    !lateStatementOn(hold, date) &&
    !(missed !== null && lateStatementOn(hold, missed))
  );
}

/** Arrears notices, default notices and default follow the schedule, which a withdrawal ends, and wait out a moratorium. */
export const noticesAllowed = (hold: Hold | undefined, date: IsoDate) =>
  !hold?.withdrawal && !inBreathingSpace(hold, date);
