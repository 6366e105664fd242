import type { ExpenseKey } from '@lender/contract/constants';
import { dayNumber, fromDayNumber, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import type { BankAccountRead, BankTransaction } from '../../lib/open-banking/account-information';
import {
  CATEGORY_RULES,
  HCSTC_PATTERN,
  INCOME_KIND,
  OWN_TRANSFER_MATCH_DAYS,
  SPENDING_KEY,
  type Category,
} from './category-rules';
import { overdrawnDays } from './overdrawn-days';
import {
  addToSeries,
  newSeries,
  regularMonthlyPence,
  spreadMonthlyPence,
  type Series,
} from './regular-payments';
import type { IncomeKind, VerifiedFigures } from './verified-figures';

const isIncome = (c: Category): c is keyof typeof INCOME_KIND => c in INCOME_KIND;
const SPENDING_KEYS: Partial<Record<Category, ExpenseKey>> = SPENDING_KEY;

// The table once more, in one shape (every rule with every field, sets for the lists): the loop over it
// runs for every line, and rules of different shapes made its property reads several times slower.
type CompiledRule = {
  category: Category;
  credit: boolean;
  codes: ReadonlySet<string> | null;
  mccs: ReadonlySet<string> | null;
  text: RegExp | null;
};
const RULES: readonly CompiledRule[] = CATEGORY_RULES.map((r) => ({
  category: r.category,
  credit: r.direction === 'credit',
  codes: r.bankCodes ? new Set(r.bankCodes) : null,
  mccs: r.mccs ? new Set(r.mccs) : null,
  text: r.text ?? null,
}));

// V8 compiles a pattern on its first use and again to machine code on the next: done here, at start-up,
// the first applicant's categorisation does not pay for compiling them (a third of its time here).
for (const r of RULES) for (let i = 0; i < 2; i++) r.text?.test('WARM UP THE PATTERN');

const matchesText = (re: RegExp, t: BankTransaction) =>
  re.test(t.description) ||
  (t.merchantName !== null && re.test(t.merchantName)) ||
  (t.counterparty !== null && re.test(t.counterparty));

/** The first rule of the table the line meets, or 'other'. */
export function categoryOf(t: BankTransaction): Category {
  const credit = t.direction === 'credit';
  for (let i = 0; i < RULES.length; i++) {
    const r = RULES[i]!;
    if (r.credit !== credit) continue;
    if (r.codes !== null && (t.bankCode === null || !r.codes.has(t.bankCode))) continue;
    if (r.mccs !== null && (t.merchantCategoryCode === null || !r.mccs.has(t.merchantCategoryCode))) continue;
    if (r.text !== null && !matchesText(r.text, t)) continue;
    return r.category;
  }
  return 'other';
}

// Statement noise around a payer's name: references and numbers, and the words banks and payroll add.
const NOISE = /\b(?:[A-Z]*\d[A-Z0-9/-]*|SALARY|WAGES|PAYROLL|PAYMENT|PAYOUT|PAY|BGC|FPI|FP|BACS|REF|CR)\b/g;

/**
 * The other side's name as the statement shows it, without references: 'ACME LTD SALARY 0412' is 'ACME
 * LTD'. `seen` keeps the names of one statement, which repeat, cleaned once.
 */
export function partyName(t: BankTransaction, seen: Map<string, string>): string {
  const raw = t.counterparty ?? t.merchantName ?? t.description;
  let name = seen.get(raw);
  if (name === undefined) {
    const upper = raw.toUpperCase();
    name = upper.replace(NOISE, ' ').replace(/\s+/g, ' ').trim() || upper.trim();
    seen.set(raw, name);
  }
  return name;
}

/** The booked lines up to today, side by side: the line, its account's place and its day number. */
type Lines = { t: BankTransaction[]; account: Int32Array; day: Int32Array };

/**
 * Credits that are the applicant's own money moving: a debit in one of their accounts and a credit of the
 * same amount in another within 2 days. Marks both lines, so that a debit pays for one credit only.
 */
function matchOwnTransfers({ t, account, day }: Lines, own: Uint8Array) {
  const debitsByAmount = new Map<Pence, number[]>();
  for (let i = 0; i < t.length; i++) {
    if (t[i]!.direction !== 'debit') continue;
    const list = debitsByAmount.get(t[i]!.amountPence);
    if (list) list.push(i);
    else debitsByAmount.set(t[i]!.amountPence, [i]);
  }
  for (let i = 0; i < t.length; i++) {
    if (t[i]!.direction !== 'credit') continue;
    for (const d of debitsByAmount.get(t[i]!.amountPence) ?? []) {
      if (own[d] || account[d] === account[i] || Math.abs(day[d]! - day[i]!) > OWN_TRANSFER_MATCH_DAYS)
        continue;
      own[i] = 1;
      own[d] = 1;
      break;
    }
  }
}

/**
 * What the applicant's accounts show (issue 49): regular income by payer, committed spending a month,
 * gambling, other HCSTC lenders, returned direct debits and days overdrawn, over the booked lines up to
 * `today` (pending ones may yet change or vanish). Pure: the same accounts give the same figures.
 */
export function categorise(accounts: readonly BankAccountRead[], today: IsoDate): VerifiedFigures {
  const todayDay = dayNumber(today);
  let size = 0;
  for (const a of accounts) size += a.transactions.length;
  const lines: Lines = { t: [], account: new Int32Array(size), day: new Int32Array(size) };
  let fromDay = todayDay;
  accounts.forEach((a, account) => {
    for (const t of a.transactions) {
      const day = dayNumber(t.bookedOn);
      if (t.status !== 'booked' || day > todayDay) continue;
      lines.account[lines.t.length] = account;
      lines.day[lines.t.length] = day;
      lines.t.push(t);
      if (day < fromDay) fromDay = day;
    }
  });
  const daysCovered = todayDay - fromDay + 1;
  const own = new Uint8Array(lines.t.length);
  if (accounts.length > 1) matchOwnTransfers(lines, own);
  const names = new Map<string, string>();

  const payers = new Map<string, { kind: IncomeKind; series: Series }>();
  const payees = new Map<string, { key: ExpenseKey; series: Series }>();
  const hcstcLenders = new Set<string>();
  let excludedCreditsPence = 0;
  let loanProceedsPence = 0;
  let gamblingPence = 0;
  let returnedDirectDebits = 0;
  let unpaidItemFees = 0;

  lines.t.forEach((t, i) => {
    const day = lines.day[i]!;
    // A matched debit stays what it is: paying one's own credit card account is still a commitment.
    const category: Category = own[i] && t.direction === 'credit' ? 'ownTransfer' : categoryOf(t);
    const pence = t.amountPence;
    if (t.direction === 'credit') {
      if (isIncome(category)) {
        const payer = partyName(t, names);
        let entry = payers.get(payer);
        if (!entry) payers.set(payer, (entry = { kind: INCOME_KIND[category], series: newSeries() }));
        addToSeries(entry.series, day, pence);
        return;
      }
      excludedCreditsPence += pence;
      if (category === 'loanProceeds') loanProceedsPence += pence;
      if (category === 'returnedDirectDebit') returnedDirectDebits += 1;
      return;
    }
    if (category === 'gambling') gamblingPence += pence;
    else if (category === 'unpaidItemFee') unpaidItemFees += 1;
    else if (category === 'hcstcRepayment') hcstcLenders.add(hcstcLenderOf(t));
    const key = SPENDING_KEYS[category];
    if (key) {
      const payee = `${key}|${partyName(t, names)}`;
      let entry = payees.get(payee);
      if (!entry) payees.set(payee, (entry = { key, series: newSeries() }));
      addToSeries(entry.series, day, pence);
    }
  });

  const incomeSources: VerifiedFigures['incomeSources'] = [];
  for (const [payer, { kind, series }] of payers) {
    const monthlyPence = regularMonthlyPence(series, todayDay);
    // Paid once, or at no steady rhythm: a one-off, seen but not income.
    if (monthlyPence === null) excludedCreditsPence += series.total;
    else incomeSources.push({ payer, kind, monthlyPence });
  }
  incomeSources.sort((a, b) => b.monthlyPence - a.monthlyPence || (a.payer < b.payer ? -1 : 1));
  const monthlyIncomePence = incomeSources.reduce((sum, s) => sum + s.monthlyPence, 0);

  const spendingPence: Partial<Record<ExpenseKey, Pence>> = {};
  for (const { key, series } of payees.values()) {
    // A regular payee at its monthly rate; a one-off bill spread over the days read.
    const monthly = regularMonthlyPence(series, todayDay) ?? spreadMonthlyPence(series.total, daysCovered);
    spendingPence[key] = (spendingPence[key] ?? 0) + monthly;
  }

  const gamblingMonthlyPence = spreadMonthlyPence(gamblingPence, daysCovered);
  return {
    from: fromDayNumber(fromDay),
    to: today,
    daysCovered,
    monthlyIncomePence,
    incomeSources,
    spendingPence,
    gamblingMonthlyPence,
    // Four decimals: a share to compare with a threshold (10%), not money.
    gamblingShare:
      monthlyIncomePence > 0 ? Math.round((gamblingMonthlyPence / monthlyIncomePence) * 10_000) / 10_000 : 0,
    hcstcLenders: hcstcLenders.size,
    returnedDirectDebits,
    unpaidItemFees,
    excludedCreditsPence,
    loanProceedsPence,
    overdrawnDays: overdrawnDays(accounts, fromDay, todayDay),
  };
}

/** Which HCSTC lender a repayment went to, however the bank spelt it ('MONEY BOAT', 'MoneyBoat'). */
function hcstcLenderOf(t: BankTransaction): string {
  const found =
    HCSTC_PATTERN.exec(t.description) ??
    (t.merchantName === null ? null : HCSTC_PATTERN.exec(t.merchantName)) ??
    (t.counterparty === null ? null : HCSTC_PATTERN.exec(t.counterparty));
  return (found?.[0] ?? t.description).toUpperCase().replace(/[^A-Z0-9]/g, '');
}
