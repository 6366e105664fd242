import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { accruedInterestPence, HCSTC_TOTAL_COST_CAP_SHARE } from '@lender/contract/pricing/pricing';
import type { LoanTransactionType } from './loan-tables';

/**
 * The ledger's arithmetic (docs/decisions/022): a loan's position is a fold over its transactions, in
 * order, and nothing else. Payments are allocated fees first, then interest, then principal.
 */

export type LedgerRow = {
  id: number;
  type: LoanTransactionType;
  amountPence: Pence;
  onDate: IsoDate;
  reversesId: number | null;
};

export type Instalment = { seq: number; dueDate: IsoDate; paymentPence: Pence };

export type LoanTerms = {
  principalPence: Pence;
  /** The current schedule's rate: the signed one, or a reschedule's (lower where the cap binds; 0 in forbearance). */
  dailyRate: number;
  /** The current schedule's instalments. */
  instalments: readonly Instalment[];
  /** Paid before the current schedule began: its instalments are paid from what is paid after (0: signed). */
  paidBeforePence?: Pence;
};

export type Position = {
  /** Principal lent and not yet repaid. */
  principalPence: Pence;
  interestDuePence: Pence;
  feesDuePence: Pence;
  /** What settles the loan: principal, interest accrued on the closed days, unpaid fees. */
  totalDuePence: Pence;
  /** Paid beyond what was owed: a refund is due. */
  creditPence: Pence;
  advancedPence: Pence;
  interestChargedPence: Pence;
  feesChargedPence: Pence;
  /** Instalments and card payments together. */
  paidPence: Pence;
  writtenOffPence: Pence;
  /** Interest and fees waived (issue 48's four eyes). */
  waivedPence: Pence;
  /**
   * What of the instalments was forgiven rather than paid: interest waived and what a write-off took
   * off interest and principal. It counts towards the schedule as a payment does, so a forgiven amount
   * is never arrears (docs/decisions/065-staff-money-four-eyes.md); fees are outside the instalments.
   */
  forgivenPence: Pence;
  /** The day principal last changed (or the advance): interest runs in steps from it (see `interestFor`). */
  principalSince: IsoDate | null;
  /** The interest already accrued since `principalSince`. */
  interestSincePence: Pence;
};

const WITHIN_THE_DAY: ReadonlySet<LoanTransactionType> = new Set([
  'card-payment',
  'bank-transfer',
  'write-off',
]);

const byDateThenId = (a: LedgerRow, b: LedgerRow) =>
  a.onDate < b.onDate ? -1 : a.onDate > b.onDate ? 1 : a.id - b.id;

/**
 * Rows that count, in order: a reversal takes itself and the row it reverses out of the fold. Rows come
 * from the database in id order, nearly always dated in order too; the close of business folds every loan
 * several times a day, so they are sorted only when they are not in order already.
 */
function effective(rows: readonly LedgerRow[], through?: IsoDate): LedgerRow[] {
  let reversed: Set<number | null> | undefined;
  for (const r of rows) if (r.type === 'reversal') (reversed ??= new Set()).add(r.reversesId);
  const kept = rows.filter(
    (r) => r.type !== 'reversal' && !reversed?.has(r.id) && (!through || r.onDate <= through),
  );
  for (let k = 1; k < kept.length; k++) {
    if (byDateThenId(kept[k - 1]!, kept[k]!) > 0) return kept.sort(byDateThenId);
  }
  return kept;
}

/**
 * The last fold of a list of rows, for each `through` asked. A book's rows only grow (`addToBook` appends,
 * a reversal is a row of its own), so a list whose row at the kept length is still the kept last row
 * holds the same rows and maybe more: the close of business asks each loan's position many times a day
 * and posts between the asks (the day's interest, a collection, a fee), and a read several times a
 * request (issue 44). The same rows answer the kept position; rows added after it, in the fold's order,
 * go on from the kept fold rather than from the advance again; anything else (a reversal, a row dated
 * before the last folded) folds the rows again.
 */
type KeptFold = {
  length: number;
  last: LedgerRow | undefined;
  state: FoldState;
  lastFolded: LedgerRow | undefined;
};
const folds = new WeakMap<readonly LedgerRow[], Map<IsoDate | undefined, KeptFold>>();

/** The loan's position after every row dated on or before `through` (all rows when not given). */
export function positionOf(_terms: LoanTerms, rows: readonly LedgerRow[], through?: IsoDate): Position {
  let byThrough = folds.get(rows);
  if (!byThrough) folds.set(rows, (byThrough = new Map()));
  const kept = byThrough.get(through);
  if (kept && kept.length <= rows.length && rows[kept.length - 1] === kept.last) {
    let lastFolded = kept.lastFolded;
    const added: LedgerRow[] = [];
    let inOrder = true;
    for (let k = kept.length; k < rows.length && inOrder; k++) {
      const row = rows[k]!;
      if (row.type === 'reversal') inOrder = false;
      else if (!through || row.onDate <= through) {
        inOrder = !lastFolded || byDateThenId(lastFolded, row) < 0;
        added.push((lastFolded = row));
      }
    }
    if (inOrder) {
      const fold = new LedgerFold(kept.state);
      for (const row of added) fold.step(row);
      byThrough.set(through, { length: rows.length, last: rows.at(-1), state: fold.state(), lastFolded });
      // A copy: what a caller does with its answer never changes another's.
      return fold.position();
    }
  }
  const fold = new LedgerFold();
  const counted = effective(rows, through);
  for (const row of counted) fold.step(row);
  byThrough.set(through, {
    length: rows.length,
    last: rows.at(-1),
    state: fold.state(),
    lastFolded: counted.at(-1),
  });
  return fold.position();
}

/**
 * The position after each row of `rows`, in the fold's order (by date, then id), as `positionOf` of the
 * rows up to it would answer: one fold for the lot. A reversal takes a row out of every position from
 * its own on, which a fold cannot undo, so rows with a reversal among them are folded prefix by prefix.
 */
export function positionsAlong(
  terms: LoanTerms,
  rows: readonly LedgerRow[],
): { row: LedgerRow; position: Position }[] {
  const ordered = [...rows].sort(byDateThenId);
  if (ordered.some((r) => r.type === 'reversal')) {
    return ordered.map((row, k) => ({ row, position: positionOf(terms, ordered.slice(0, k + 1)) }));
  }
  const fold = new LedgerFold();
  return ordered.map((row) => {
    fold.step(row);
    return { row, position: fold.position() };
  });
}

/** Where a fold stands: the position so far and the last day whose interest it has met. */
type FoldState = { readonly p: Position; readonly accruedThrough: IsoDate | null };

/**
 * The fold of ledger rows into a position, a row at a time, in the order `effective` gives; from the
 * start, or on from a state a fold had reached (which it copies, never changes). A class rather than
 * closures: tsx, which runs the server, names each closure it makes (esbuild's `keepNames`, an
 * `Object.defineProperty` each, about 0.35 us), and a fold is made for every position asked.
 */
class LedgerFold {
  private readonly p: Position;
  private accruedThrough: IsoDate | null;

  constructor(from?: FoldState) {
    this.p = from
      ? { ...from.p }
      : {
          principalPence: 0,
          interestDuePence: 0,
          feesDuePence: 0,
          totalDuePence: 0,
          creditPence: 0,
          advancedPence: 0,
          interestChargedPence: 0,
          feesChargedPence: 0,
          paidPence: 0,
          writtenOffPence: 0,
          waivedPence: 0,
          forgivenPence: 0,
          principalSince: null,
          interestSincePence: 0,
        };
    this.accruedThrough = from ? from.accruedThrough : null;
  }

  /** Fees, then interest, then principal; returns what was left over. */
  private allocate(amount: Pence): Pence {
    const p = this.p;
    let left = amount;
    const fees = Math.min(left, p.feesDuePence);
    p.feesDuePence -= fees;
    left -= fees;
    const interest = Math.min(left, p.interestDuePence);
    p.interestDuePence -= interest;
    left -= interest;
    const principal = Math.min(left, p.principalPence);
    p.principalPence -= principal;
    return left - principal;
  }

  step(row: LedgerRow): void {
    const p = this.p;
    const before = p.principalPence;
    switch (row.type) {
      case 'advance':
        p.principalPence += row.amountPence;
        p.advancedPence += row.amountPence;
        break;
      case 'interest':
        this.accruedThrough = row.onDate;
        p.interestDuePence += row.amountPence;
        p.interestChargedPence += row.amountPence;
        p.interestSincePence += row.amountPence;
        break;
      case 'default-fee':
        p.feesDuePence += row.amountPence;
        p.feesChargedPence += row.amountPence;
        break;
      case 'instalment':
      case 'card-payment':
      case 'bank-transfer':
        p.paidPence += row.amountPence;
        p.creditPence += this.allocate(row.amountPence);
        break;
      case 'write-off': {
        p.writtenOffPence += row.amountPence;
        const fees = p.feesDuePence;
        const left = this.allocate(row.amountPence);
        p.forgivenPence += row.amountPence - left - (fees - p.feesDuePence);
        break;
      }
      case 'waiver': {
        // Fees first, then interest; never principal (a write-off's). What the loan was charged stays as
        // charged, so the total cost cap's room is not opened again by giving some of it up.
        const fees = Math.min(row.amountPence, p.feesDuePence);
        p.feesDuePence -= fees;
        const interest = Math.min(row.amountPence - fees, p.interestDuePence);
        p.interestDuePence -= interest;
        p.waivedPence += fees + interest;
        p.forgivenPence += interest;
        break;
      }
      case 'rebate': {
        // Interest given back on settling early (docs/decisions/053); what the loan cost is net of it.
        const interest = Math.min(row.amountPence, p.interestDuePence);
        p.interestDuePence -= interest;
        p.interestChargedPence -= interest;
        break;
      }
      case 'refund':
        p.creditPence -= row.amountPence;
        break;
      default:
        break;
    }
    if (row.type === 'reschedule') {
      // A new schedule starts: its interest was priced from this day on the principal owed, so the day's
      // interest runs from here (an already accrued day stays as it was).
      p.principalSince =
        this.accruedThrough && this.accruedThrough > row.onDate ? this.accruedThrough : row.onDate;
      p.interestSincePence = 0;
    } else if (row.type === 'advance' || p.principalPence !== before) {
      // A card payment or write-off is made during its day, so that day's interest runs on what is left;
      // the advance and a CPA collection happen at or after the day's accrual.
      // (Unless that day was already accrued: then its interest ran on the principal before.)
      const dayBefore = addDays(row.onDate, -1);
      p.principalSince = !WITHIN_THE_DAY.has(row.type)
        ? row.onDate
        : this.accruedThrough && this.accruedThrough > dayBefore
          ? this.accruedThrough
          : dayBefore;
      p.interestSincePence = 0;
    }
  }

  /** A copy of where the fold stands, to go on from later. */
  state(): FoldState {
    return { p: { ...this.p }, accruedThrough: this.accruedThrough };
  }

  /** A copy of the position so far, its total due worked out. */
  position(): Position {
    const p = this.p;
    return { ...p, totalDuePence: p.principalPence + p.interestDuePence + p.feesDuePence };
  }
}

/** The most interest and fees together may ever come to (CONC 5A.2.2: 100% of the amount borrowed). */
export const costCapPence = (terms: Pick<LoanTerms, 'principalPence'>) =>
  Math.floor(terms.principalPence * HCSTC_TOTAL_COST_CAP_SHARE);

/** Room left under the total cost cap. */
export const costCapRoomPence = (terms: LoanTerms, position: Position) =>
  Math.max(0, costCapPence(terms) - position.interestChargedPence - position.feesChargedPence);

/**
 * The interest day `date` adds, at the contract rate on the principal owed at its close. It is the step
 * of the engine's rounded-down interest since the principal last changed, so a loan repaid on time
 * accrues exactly its schedule's interest; cumulatively never more than rate x principal x days, and
 * never past the total cost cap. Nothing before the advance or on its own day (the schedule's days run
 * from the day after the drawdown).
 */
export function interestFor(terms: LoanTerms, position: Position, date: IsoDate): Pence {
  if (!position.principalSince || position.principalPence <= 0) return 0;
  const days = daysBetween(position.principalSince, date);
  if (days <= 0) return 0;
  const step =
    accruedInterestPence(position.principalPence, terms.dailyRate, days) - position.interestSincePence;
  return Math.max(0, Math.min(step, costCapRoomPence(terms, position)));
}

export type InstalmentState = Instalment & {
  /** Paid in full: everything paid covers this instalment and those before it, or nothing is owed. */
  isPaid: boolean;
  /** What of this instalment is still to pay (never more than the loan's total due). */
  duePence: Pence;
};

/** What was paid towards the current schedule: everything paid since it began. */
export const paidUnderSchedule = (terms: LoanTerms, position: Position): Pence =>
  Math.max(0, paidTowardsSchedules(position) - (terms.paidBeforePence ?? 0));

/** Paid, or forgiven (waived interest, written off), towards the instalments of every schedule so far. */
export const paidTowardsSchedules = (position: Position): Pence =>
  position.paidPence + position.forgivenPence;

/** Each instalment, paid or not, from the payments made (oldest instalment first). */
export function instalmentStates(terms: LoanTerms, position: Position): InstalmentState[] {
  let scheduledSoFar = 0;
  const settled = position.advancedPence > 0 && position.totalDuePence === 0;
  const paid = paidUnderSchedule(terms, position);
  // Each state written out: a spread that adds properties (`{ ...instalment, isPaid }`) took ten times
  // as long, and the close of business asks this several times for every loan it services.
  return terms.instalments.map(({ seq, dueDate, paymentPence }) => {
    scheduledSoFar += paymentPence;
    const unpaidOfThis = Math.min(paymentPence, Math.max(0, scheduledSoFar - paid));
    const duePence = settled ? 0 : Math.min(unpaidOfThis, position.totalDuePence);
    return { seq, dueDate, paymentPence, isPaid: duePence === 0, duePence };
  });
}

/**
 * What is overdue on `date`: the unpaid part of instalments due on or before it and unpaid fees; from
 * the last due date on, everything owed.
 */
export function arrearsPence(terms: LoanTerms, position: Position, date: IsoDate): Pence {
  const last = terms.instalments[terms.instalments.length - 1];
  if (last && date >= last.dueDate) return position.totalDuePence;
  const unpaid = instalmentStates(terms, position)
    .filter((i) => i.dueDate <= date)
    .reduce((sum, i) => sum + i.duePence, 0);
  return Math.min(position.totalDuePence, unpaid + position.feesDuePence);
}
