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
} from '../../entities/loans/moratorium';
import { oldestUnpaidDueDate } from '../../entities/loans/servicing-rules';
import { withdrawalRepository, type Withdrawal } from '../../entities/loans/withdrawal-repository';

/**
 * What holds back the close of business's usual work on a loan (docs/decisions/026): a notice of
 * withdrawal (Consumer Credit Act s66A), after which the agreement's instalments no longer apply, and
 * Breathing Space moratoria (the Debt Respite Scheme), during which nothing is added to the debt and
 * nothing is done to collect it.
 */
export type Hold = { withdrawal?: Withdrawal; spaces?: BreathingSpace[] };

/** The holds of a page of loans, in two queries. */
export async function holdsOf(db: DbExecutor, applicationIds: readonly number[]): Promise<Map<number, Hold>> {
  const [withdrawals, spaces] = await Promise.all([
    withdrawalRepository(db).among(applicationIds),
    breathingSpaceRepository(db).among(applicationIds),
  ]);
  const holds = new Map<number, Hold>();
  for (const [id, withdrawal] of withdrawals) holds.set(id, { withdrawal });
  for (const [id, list] of spaces) holds.set(id, { ...holds.get(id), spaces: list });
  return holds;
}

/** Reg. 7: no interest, fee or charge on a day of a moratorium, and no step to collect the debt. */
export const inBreathingSpace = (hold: Hold | undefined, date: IsoDate) => inMoratorium(hold?.spaces, date);

/** The day to price `date`'s interest as, the moratorium days left out (see `interestDayAfterMoratoria`). */
export const interestDayOf = (hold: Hold | undefined, position: Position, date: IsoDate) =>
  interestDayAfterMoratoria(hold?.spaces, position.principalSince, date);

/**
 * Whether a default fee may be charged: never once the customer has withdrawn (s66A(9): only principal
 * and interest), never during a moratorium, and never for a missed payment that was overdue during one.
 */
export const feeAllowed = (hold: Hold | undefined, terms: LoanTerms, position: Position, date: IsoDate) =>
  !hold?.withdrawal &&
  !inBreathingSpace(hold, date) &&
  !missedPaymentCovered(hold?.spaces, oldestUnpaidDueDate(terms, position, date), date);

/** Arrears notices, default notices and default follow the schedule, which a withdrawal ends, and wait out a moratorium. */
export const noticesAllowed = (hold: Hold | undefined, date: IsoDate) =>
  !hold?.withdrawal && !inBreathingSpace(hold, date);
