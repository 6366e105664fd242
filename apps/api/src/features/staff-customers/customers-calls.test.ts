import crypto from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { calls, staffPermissionOf } from '@lender/contract/api-calls';
import { ErrorId } from '@lender/contract/error-ids';
import { ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '@lender/contract/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf } from '../../entities/loans/ledger';
import { loanRepository } from '../../entities/loans/loan-repository';
import { createCustomer, createSession } from '../../test/factories';
import { activeLoan } from '../../test/live-loan';
import { createStaffSession, staffInject } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readSearch } from './customer-search';

let t: TestApp;
/** A customer with a loan paid out, given a surname, first name and postcode no other test customer has. */
let holder: Awaited<ReturnType<typeof activeLoan>> & {
  lastName: string;
  firstName: string;
  birthDate: string;
  postCode: string;
  customerEmail: string;
};

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + crypto.randomInt(0, 26))).join('');

beforeAll(async () => {
  t = await createTestApp();
  const loan = await activeLoan(t);
  const lastName = `Searchby${letters(8)}`;
  const firstName = `Jo${letters(6)}`;
  const postCode = `QZ${crypto.randomInt(1, 10)}${letters(1).toUpperCase()} ${crypto.randomInt(0, 10)}XY`;
  await t.ctx.db
    .updateTable('customers')
    .set({ last_name: lastName, first_name: firstName, post_code: postCode })
    .where('id', '=', loan.customerId)
    .execute();
  const c = await t.ctx.db
    .selectFrom('customers')
    .select(['birth_date', 'email'])
    .where('id', '=', loan.customerId)
    .executeTakeFirstOrThrow();
  holder = { ...loan, lastName, firstName, birthDate: c.birth_date, postCode, customerEmail: c.email };
}, 60_000);
afterAll(() => t?.close());

const { get } = staffInject(() => t);
const search = async (q: string, cookie: string) => {
  const res = await get(`/api/staff/Customers/Search?q=${encodeURIComponent(q)}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    error: { errorID: number; errorMessage: string };
    object: { kind: string; customers: { customerId: number; loanReference: string | null }[] };
  };
};
const idsOf = (found: Awaited<ReturnType<typeof search>>) => found.object.customers.map((c) => c.customerId);

describe('Customers/Search', () => {
  it('finds the customer by each kind of text, and not another', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    // Same surname, another date of birth; another customer with everything else of their own.
    const namesake = await createCustomer(t.ctx.db, {
      last_name: holder.lastName,
      first_name: 'Other',
      birth_date: '1970-01-01',
    });
    const other = await createCustomer(t.ctx.db);
    const mobileSpaced = `${holder.mobile.slice(0, 5)} ${holder.mobile.slice(5)}`;
    const cases: [string, string, number[]][] = [
      [holder.customerEmail.toUpperCase(), 'email', [holder.customerId]],
      [mobileSpaced, 'mobile', [holder.customerId]],
      [holder.postCode.toLowerCase().replace(' ', ''), 'postCode', [holder.customerId]],
      [holder.guid, 'applicationGuid', [holder.customerId]],
      [String(holder.applicationId), 'loanReference', [holder.customerId]],
      [holder.lastName.toUpperCase(), 'name', [namesake.id, holder.customerId]],
      [`${holder.firstName} ${holder.lastName}`, 'name', [holder.customerId]],
      [`${holder.firstName} ${holder.lastName} ${holder.birthDate}`, 'nameAndBirthDate', [holder.customerId]],
      [`${holder.lastName} 1970-01-01`, 'nameAndBirthDate', [namesake.id]],
      [other.email, 'email', [other.id]],
    ];
    for (const [q, kind, ids] of cases) {
      const found = await search(q, agent.cookie);
      expect(found.error.errorID, q).toBe(0);
      expect(found.object.kind, q).toBe(kind);
      expect(idsOf(found), q).toEqual(ids);
    }
    const mine = (await search(holder.guid, agent.cookie)).object.customers[0]!;
    expect(mine).toMatchObject({
      name: `${holder.firstName} ${holder.lastName}`,
      birthDate: holder.birthDate,
      email: holder.customerEmail,
      postCode: holder.postCode,
      latestApplication: { guid: holder.guid },
      loanReference: String(holder.applicationId),
    });
    expect(idsOf(await search('nobody-at-all@example.com', agent.cookie))).toEqual([]);
  });

  it('looks a surname and date of birth, and a postcode, up through an index (SQLite plan)', async () => {
    if (t.ctx.dbKind !== 'sqlite') return;
    const plan = async (query: { compile(): CompiledQuery }) => {
      const c = query.compile();
      const rows = await t.ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]),
      );
      return rows.rows.map((r) => r.detail).join('; ');
    };
    const byName = t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['last_name']), '=', 'doe'))
      .where('birth_date', '=', '1990-05-01');
    expect(await plan(byName)).toContain('customers_last_name_lower_idx');
    const byPostCode = t.ctx.db.selectFrom('customers').select('id').where('post_code', '=', 'SW1A 1AA');
    expect(await plan(byPostCode)).toContain('customers_post_code_idx');
  });

  it('refuses too short or empty a text', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    for (const q of ['', 'ab', '   ']) {
      const res = await get(`/api/staff/Customers/Search?q=${encodeURIComponent(q)}`, agent.cookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toMatch(/type at least 3 characters|type a name/);
    }
  });

  it('reads a text as one field', () => {
    expect(readSearch('+44 7700 900123')).toEqual({ kind: 'mobile', value: '07700900123' });
    expect(readSearch('Doe 01/05/1990')).toEqual({
      kind: 'nameAndBirthDate',
      first: null,
      last: 'doe',
      birthDate: '1990-05-01',
    });
    expect(readSearch('sw1a1aa')).toEqual({ kind: 'postCode', value: 'SW1A 1AA' });
  });
});

const auditRows = (subjectType: string, id: string, action: string) =>
  t.ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', id)
    .where('action', '=', action)
    .execute();

const ledgerBalance = async (loanId: number) => {
  const book = (await loanRepository(t.ctx.db).books([loanId])).get(loanId)!;
  const p = positionOf(book.terms, book.rows);
  return p.totalDuePence - p.creditPence;
};

describe('Customers/Customer', () => {
  it("shows the customer's details, applications, loans with the ledger's balance, and audits the opening", async () => {
    await t.ctx.db
      .insertInto('security_events')
      .values({
        type: 'sign-in',
        customer_id: holder.customerId,
        staff_id: null,
        ip_address: '203.0.113.9',
        detail: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const agent = await createStaffSession(t.ctx, 'agent');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/Customers/Customer?customerId=${holder.customerId}`,
      headers: { cookie: agent.cookie },
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(200);
    const record = res.json().object;
    expect(record).toMatchObject({
      customerId: holder.customerId,
      firstName: holder.firstName,
      lastName: holder.lastName,
      email: holder.customerEmail,
      mobile: holder.mobile,
      postCode: holder.postCode,
    });
    expect(record.applications.map((a: { guid: string }) => a.guid)).toContain(holder.guid);
    const loan = record.loans.find((l: { loanId: number }) => l.loanId === holder.applicationId);
    expect(loan.applicationGuid).toBe(holder.guid);
    expect(loan.principalPence).toBeGreaterThan(0);
    expect(loan.balancePence).toBe(await ledgerBalance(holder.applicationId));
    expect(loan.balancePence).toBeGreaterThanOrEqual(loan.principalPence);
    expect(record.securityEvents[0]).toMatchObject({ type: 'sign-in', address: '203.0.113.9' });
    expect(typeof record.marketing.byEmail).toBe('boolean');

    const rows = await auditRows('customer', String(holder.customerId), 'customer-opened');
    const row = rows.find((r) => r.actor === `staff:${agent.member.id}`)!;
    expect(JSON.parse(row.details!)).toEqual({ customerId: holder.customerId, address: '198.51.100.7' });
  });

  it('answers not found for a customer who does not exist, and audits nothing', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const res = await get('/api/staff/Customers/Customer?customerId=987654321', agent.cookie);
    expect(res.json().error.errorID).toBe(ErrorId.notFound);
    expect(await auditRows('customer', '987654321', 'customer-opened')).toEqual([]);
  });
});

describe('Customers/Loan', () => {
  it('lists every transaction with the balance after it, ending at the ledger balance, and audits the opening', async () => {
    const loans = loanRepository(t.ctx.db);
    const today = t.ctx.businessDate.today();
    const { rows } = (await loans.books([holder.applicationId])).get(holder.applicationId)!;
    const before = await ledgerBalance(holder.applicationId);
    await loans.post([
      {
        applicationId: holder.applicationId,
        type: 'interest',
        amountPence: 37,
        onDate: today,
        reference: `test-interest:${holder.applicationId}`,
      },
      {
        applicationId: holder.applicationId,
        type: 'card-payment',
        amountPence: 1_000,
        onDate: today,
        reference: `test-payment:${holder.applicationId}`,
      },
    ]);
    const collections = await createStaffSession(t.ctx, 'collections');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/Customers/Loan?loanId=${holder.applicationId}`,
      headers: { cookie: collections.cookie },
      remoteAddress: '198.51.100.8',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json().object;
    expect(view).toMatchObject({ loanId: holder.applicationId, applicationGuid: holder.guid });
    expect(view.ledger).toHaveLength(rows.length + 2);
    const [interest, payment] = view.ledger.slice(-2);
    expect(interest).toMatchObject({ kind: 'interest', amountPence: 37, balanceAfterPence: before + 37 });
    expect(payment).toMatchObject({
      kind: 'card-payment',
      amountPence: 1_000,
      balanceAfterPence: before + 37 - 1_000,
    });
    expect(view.ledger[0]).toMatchObject({ kind: 'advance', balanceAfterPence: view.principalPence });
    expect(view.balancePence).toBe(await ledgerBalance(holder.applicationId));
    expect(view.ledger.at(-1).balanceAfterPence).toBe(view.balancePence);
    expect(view.schedule.version).toBe(1);
    expect(view.schedule.versions).toBe(1);
    expect(view.schedule.instalments.length).toBeGreaterThan(0);

    const audited = await auditRows('loan', String(holder.applicationId), 'loan-opened');
    const row = audited.find((r) => r.actor === `staff:${collections.member.id}`)!;
    expect(JSON.parse(row.details!)).toEqual({ customerId: holder.customerId, address: '198.51.100.8' });
  });

  it('answers not found for a loan that does not exist', async () => {
    const agent = await createStaffSession(t.ctx, 'agent');
    const res = await get('/api/staff/Customers/Loan?loanId=987654321', agent.cookie);
    expect(res.json().error.errorID).toBe(ErrorId.notFound);
  });
});

describe('who may make each call', () => {
  const CALLS = [
    { name: 'customersSearch', url: () => '/api/staff/Customers/Search?q=nobody%40example.com' },
    { name: 'customersCustomer', url: () => `/api/staff/Customers/Customer?customerId=${holder.customerId}` },
    { name: 'customersLoan', url: () => `/api/staff/Customers/Loan?loanId=${holder.applicationId}` },
  ] as const;

  it("answers 403 to every role without the call's permission, and the call to every role with it", async () => {
    for (const role of STAFF_ROLES) {
      const staff = await createStaffSession(t.ctx, role);
      for (const c of CALLS) {
        const needs = staffPermissionOf(calls[c.name].auth);
        const allowed = ROLE_PERMISSIONS[role].includes(needs as Permission);
        const res = await get(c.url(), staff.cookie);
        expect(res.statusCode, `${role} ${c.name}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json().error.errorID).toBe(ErrorId.forbidden);
      }
    }
  });

  it('answers 401 to no staff session and to a customer bearer token, and audits nothing', async () => {
    const customer = await createSession(t.ctx);
    const count = async () =>
      (await t.ctx.db.selectFrom('audit_events').select('id').where('action', 'like', '%-opened').execute())
        .length;
    const audited = await count();
    for (const c of CALLS) {
      expect((await get(c.url(), '')).statusCode, c.name).toBe(401);
      const res = await t.app.inject({
        method: 'GET',
        url: c.url(),
        headers: { authorization: customer.authorization },
      });
      expect(res.statusCode, c.name).toBe(401);
    }
    expect(await count()).toBe(audited);
  });
});
