import { addDays, addMonths } from '@lender/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLoans } from '../../test/seed-loans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loanRepository } from './loan-repository';

describe('loanRepository.ofCustomer (the borrow area’s one read of a customer’s loans)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the same books as `books`, with declined attempts, a fee and the latest approval', async () => {
    const fundedOn = t.ctx.businessDate.today();
    const [first, second] = await seedLoans(t.ctx, { count: 2, fundedOn, behaviour: 'declines-charges' });
    const due = addMonths(fundedOn, 1);
    // Two declines, the block, and the default fee a week after the due date.
    await t.ctx.businessDate.set(addDays(due, 9));
    await t.app.servicing.closeOfBusiness.closeThrough(addDays(due, 8));
    const { customer_id: customerId } = await t.ctx.db
      .selectFrom('loans')
      .select('customer_id')
      .where('application_id', '=', first!)
      .executeTakeFirstOrThrow();
    // The customer's second loan (a repeat) makes two books to keep apart; the second seeded loan is moved.
    await t.ctx.db
      .updateTable('loans')
      .set({ customer_id: customerId })
      .where('application_id', '=', second!)
      .execute();
    await t.ctx.db
      .insertInto('application_decisions')
      .values([
        {
          application_id: first!,
          customer_id: customerId,
          kind: 'underwriting-approved',
          actor: 'system:underwriting',
          reason: 'rules',
          created_at: '2026-01-02T10:00:00.000Z',
        },
        {
          application_id: first!,
          customer_id: customerId,
          kind: 'underwriter-approved',
          actor: 'ops',
          reason: 'a person',
          created_at: '2026-01-03T10:00:00.000Z',
        },
        {
          application_id: first!,
          customer_id: customerId,
          kind: 'funded',
          actor: 'system:payouts',
          reason: 'paid',
          created_at: '2026-01-04T10:00:00.000Z',
        },
      ])
      .execute();

    // A reversal: the one kind of ledger row that names another.
    const fee = await t.ctx.db
      .selectFrom('loan_transactions')
      .select(['id', 'amount_pence', 'on_date'])
      .where('application_id', '=', first!)
      .where('type', '=', 'default-fee')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('loan_transactions')
      .values({
        application_id: first!,
        type: 'reversal',
        amount_pence: fee.amount_pence,
        on_date: fee.on_date,
        reverses_id: fee.id,
        reference: `test:reverse:${fee.id}`,
        created_at: '2026-01-05T10:00:00.000Z',
        actor: 'ops',
      })
      .execute();

    const loans = loanRepository(t.ctx.db);
    const { newest, loans: read } = await loans.ofCustomer(customerId);
    const books = await loans.books([first!, second!]);
    expect(read.map((l) => l.book.loan.application_id)).toEqual([second, first]);
    expect(read[1]!.book).toEqual(books.get(first!));
    expect(read[0]!.book).toEqual(books.get(second!));
    expect(read[1]!.book.attempts.map((a) => a.outcome)).toEqual(['declined', 'declined']);
    expect(read[1]!.book.rows.map((r) => r.type)).toContain('default-fee');
    expect(read[1]!.book.rows.at(-1)).toMatchObject({ type: 'reversal', reversesId: fee.id });
    expect(read.map((l) => l.approvedAt)).toEqual([null, '2026-01-03T10:00:00.000Z']);
    const application = await t.ctx.db
      .selectFrom('applications')
      .select(['id', 'guid', 'status_id as statusId'])
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest).toEqual(application);
    expect(await loans.ofCustomer(customerId + 1_000_000)).toEqual({ newest: undefined, loans: [] });
  });
});
