import { addDays } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/api/src/test/test-app';
import { route } from './http';
import { MONEY_FIGURE, OBSERVE_FIRST_FIGURE, seedBorrower, sessionScript } from './signed-in';

/** Runs an init script of the bench in a page of happy-dom, with the page's globals as a browser has them. */
function runInPage(window: Window, script: string) {
  const globals = {
    window,
    document: window.document,
    MutationObserver: window.MutationObserver,
    performance: window.performance,
    localStorage: window.localStorage,
  };
  new Function(...Object.keys(globals), script)(...Object.values(globals));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the first money figure in <main>', () => {
  it('is a pound sign followed by a digit', () => {
    expect(MONEY_FIGURE.test('Next payment £132.00 on 28 December')).toBe(true);
    expect(MONEY_FIGURE.test('£1,234.56')).toBe(true);
    expect(MONEY_FIGURE.test('Amounts in £ (GBP)')).toBe(false);
    expect(MONEY_FIGURE.test('Loading your loan…')).toBe(false);
  });

  it('is timed when the figure enters <main>, not before, and not from text outside <main>', async () => {
    const window = new Window();
    const bench = window as unknown as { __bench: { figure: number } };
    runInPage(window, OBSERVE_FIRST_FIGURE);
    const doc = window.document;
    doc.body.innerHTML = '<header>Borrow up to £1,000</header><main><p>Loading…</p></main>';
    await flush();
    expect(bench.__bench.figure).toBe(0);

    const before = window.performance.now();
    const p = doc.createElement('p');
    p.textContent = 'Next payment £132.00';
    doc.querySelector('main')!.appendChild(p);
    await flush();
    expect(bench.__bench.figure).toBeGreaterThanOrEqual(before);
    expect(bench.__bench.figure).toBeLessThanOrEqual(window.performance.now());

    // The first figure stays the first: later changes do not move it.
    const first = bench.__bench.figure;
    p.textContent = 'Next payment £140.00';
    await flush();
    expect(bench.__bench.figure).toBe(first);
    await window.happyDOM.close();
  });

  it('sees a figure written into existing text (a skeleton filled in place)', async () => {
    const window = new Window();
    const bench = window as unknown as { __bench: { figure: number } };
    runInPage(window, OBSERVE_FIRST_FIGURE);
    window.document.body.innerHTML = '<main><span id="due">—</span></main>';
    await flush();
    expect(bench.__bench.figure).toBe(0);
    window.document.getElementById('due')!.firstChild!.textContent = '£99.10';
    await flush();
    expect(bench.__bench.figure).toBeGreaterThan(0);
    await window.happyDOM.close();
  });

  it('puts the session where the web app reads it', async () => {
    const window = new Window();
    runInPage(window, sessionScript({ token: 'a"b', refreshToken: 'r' }, 'sam@example.com'));
    expect(window.localStorage.getItem('token')).toBe('a"b');
    expect(window.localStorage.getItem('refresh_token')).toBe('r');
    expect(window.localStorage.getItem('userName')).toBe('sam@example.com');
    await window.happyDOM.close();
  });
});

describe('the signed-in pages’ borrower (seedBorrower)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in through Login and has a live loan on the borrowing summary', async () => {
    const today = t.ctx.businessDate.today();
    const borrower = await seedBorrower(t.ctx, today, (date) =>
      t.app.servicing.closeOfBusiness.closeThrough(date),
    );
    // The ten days since the payout closed by the close of business: a day's interest on each but the first.
    const interest = await t.ctx.db
      .selectFrom('loan_transactions')
      .select('on_date')
      .where('application_id', '=', borrower.applicationId)
      .where('type', '=', 'interest')
      .orderBy('on_date')
      .execute();
    expect(interest.map((r) => r.on_date)).toEqual(
      Array.from({ length: 9 }, (_, k) => addDays(today, k - 9)),
    );
    const login = route('login');
    const wrong = await t.app.inject({
      method: login.method,
      url: login.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: borrower.email, password: `${borrower.password}x` }),
    });
    expect(wrong.json().error.errorID).not.toBe(0);

    const signedIn = await t.app.inject({
      method: login.method,
      url: login.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: borrower.email, password: borrower.password }),
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json().object as { token: string; appStatusID: number };
    expect(session.appStatusID).toBe(AppStatus.active);

    const summary = route('getBorrowingSummary');
    const answer = await t.app.inject({
      method: summary.method,
      url: summary.path,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json().object as { appStatusID: number; lastFundedAppID: number };
    expect(body.appStatusID).toBe(AppStatus.active);
    expect(body.lastFundedAppID).toBe(borrower.applicationId);
  });
});
