/**
 * The signed-in pages (issue 50): `/borrow`, its schedule and its payment page, loaded as a customer with
 * a paid-out loan whose session is already in the browser, measured like the public pages (pages.ts) plus
 * the time until the page's first money figure.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { addDays, londonToday, type IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../apps/api/src/app-context';
import { loadConfig } from '../../apps/api/src/config';
import { customerRepository } from '../../apps/api/src/entities/customers/customer-repository';
import { standaloneOutsideServices } from '../../apps/api/src/lib/outside-services';
import { hashPassword } from '../../apps/api/src/lib/passwords/password-hashing';
import { servicingFor } from '../../apps/api/src/servicing';
import { createContext } from '../../apps/api/src/start';
import { seedLoans } from '../../apps/api/src/test/seed-loans';
import { callApi, describe, succeeded } from './http';
import { log } from './lifecycle';
import { measurePage, withChromium, type PageFigure, type PageToLoad } from './pages';
import { startServer } from './server';

export const SIGNED_IN_PAGES: PageToLoad[] = [
  { name: 'borrow', path: '/borrow' },
  { name: 'borrow/schedule', path: '/borrow/schedule' },
  { name: 'borrow/payment', path: '/borrow/payment' },
];

/** A money figure as the pages write one: a pound sign and a digit (£0.00, £1,234.56). */
export const MONEY_FIGURE = /£\d/;

/**
 * Set before the page's scripts run (a string, as OBSERVE_PERFORMANCE in pages.ts, for the same reason):
 * the time from navigation start until an element inside `<main>` first holds text matching MONEY_FIGURE,
 * in `window.__bench.figure` (0 until then). A MutationObserver's callback runs right after the DOM
 * change that brought the figure, before the frame that paints it: the figure is on screen at the next
 * paint, within one frame of this time.
 */
export const OBSERVE_FIRST_FIGURE = `
  (() => {
    const bench = (window.__bench = window.__bench || {});
    bench.figure = 0;
    const money = ${MONEY_FIGURE.toString()};
    const look = () => {
      if (bench.figure) return true;
      const main = document.querySelector('main');
      if (!main || !money.test(main.textContent || '')) return false;
      bench.figure = performance.now();
      return true;
    };
    const observer = new MutationObserver(() => {
      if (look()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();
`;

export type Tokens = { token: string; refreshToken: string };

/** Puts a session in local storage as the web app keeps it after Login (apps/web/src/lib/session.ts). */
export function sessionScript(tokens: Tokens, userName: string): string {
  const items = { token: tokens.token, refresh_token: tokens.refreshToken, userName };
  return `for (const [k, v] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(k, v);`;
}

export type Borrower = { email: string; password: string; applicationId: number };

/**
 * One customer with a loan paid out ten days before `today`: the seeded book of the close of business
 * (seedLoans: customer, accepted application, loan, signed schedule, the advance in the ledger, a card),
 * the days since closed by the close of business given (`closeThrough`: the API's own, so the ledger
 * holds each day's interest as a real loan's would), and a password set as the customer's own would be,
 * hashed by the API's password module.
 */
export async function seedBorrower(
  ctx: AppContext,
  today: IsoDate,
  closeThrough: (date: IsoDate) => Promise<unknown>,
): Promise<Borrower> {
  const [applicationId] = await seedLoans(ctx, { count: 1, fundedOn: addDays(today, -10) });
  await closeThrough(addDays(today, -1));
  const loan = await ctx.db
    .selectFrom('loans')
    .innerJoin('customers', 'customers.id', 'loans.customer_id')
    .select(['customers.id as customerId', 'customers.email as email'])
    .where('loans.application_id', '=', applicationId!)
    .executeTakeFirstOrThrow();
  const password = `Bench-${crypto.randomBytes(9).toString('base64url')}1a`;
  await customerRepository(ctx.db).setPasswordHash(loan.customerId, await hashPassword(password));
  return { email: loan.email, password, applicationId: applicationId! };
}

/** Signs in through the real Login call, as the login page does. */
export async function login(baseUrl: string, borrower: Borrower): Promise<Tokens> {
  const r = await callApi(baseUrl, 'login', {
    body: { userName: borrower.email, password: borrower.password },
  });
  if (!succeeded(r)) throw new Error(`Login of the seeded borrower did not succeed: ${describe(r)}`);
  const { token, refreshToken } = r.body!.object as Tokens;
  return { token, refreshToken };
}

/**
 * The section: a fresh SQLite database, migrated and seeded with one borrower by the API's own code
 * before the server starts (production mode, the secrets it will use), then for each page `runs` cold
 * loads, each with a session of its own from Login.
 */
export async function measureSignedInPages(
  webDist: string,
  work: string,
  runs: number,
): Promise<PageFigure[]> {
  const databaseUrl = `sqlite:${path.join(work, 'signed-in.sqlite')}`;
  const keys = {
    DATA_KEY: crypto.randomBytes(32).toString('hex'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  };
  const ctx = await createContext(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      DOCUMENTS_DIR: path.join(work, 'signed-in-documents'),
      ...keys,
    }),
  );
  let borrower: Borrower;
  const services = await standaloneOutsideServices(ctx);
  try {
    const cob = servicingFor(ctx, services).closeOfBusiness;
    borrower = await seedBorrower(ctx, londonToday(), (date) => cob.closeThrough(date));
  } finally {
    await services.close();
    await ctx.db.destroy();
  }
  const server = await startServer({
    databaseUrl,
    webDist,
    label: 'signed-in',
    logDir: work,
    // The server's own close of business would run over the loan's open days during the loads.
    env: { ...keys, COB_TIME: 'off' },
  });
  try {
    log(`signed-in pages: borrower seeded (application ${borrower.applicationId})`);
    return await withChromium(async (browser) => {
      const figures: PageFigure[] = [];
      for (const p of SIGNED_IN_PAGES) {
        const setup = {
          expectPath: p.path,
          initScripts: async () => [
            sessionScript(await login(server.baseUrl, borrower), borrower.email),
            OBSERVE_FIRST_FIGURE,
          ],
        };
        figures.push(await measurePage(browser, server.baseUrl, p, runs, setup));
      }
      return figures;
    });
  } finally {
    await server.stop();
  }
}
