import crypto from 'node:crypto';
import type { Stage1Payload } from '@lender/contract/calls/register';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Selectable } from 'kysely';
import { SignJWT } from 'jose';
import type { AppContext } from '../app-context';
import type { Db } from '../db/create-db';
import type { CustomerTable } from '../entities/customers/customer-tables';
import { nowIso } from '../lib/clock';
import { createStage1Payload } from './stage1-payload';

export type Customer = Selectable<CustomerTable>;

let sequence = 0;
/** Unique per call within a run, and random across runs sharing a database. */
const unique = () => `${++sequence}${crypto.randomBytes(3).toString('hex')}`;

/** A customers row with realistic values; every field can be overridden. */
export async function createCustomer(db: Db, overrides: Partial<Insertable<CustomerTable>> = {}) {
  const n = unique();
  const now = nowIso();
  const digits = String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0');
  const values: Insertable<CustomerTable> = {
    email: `customer.${n}@example.com`,
    mobile: `07${digits}`,
    title_id: 1,
    first_name: 'Alex',
    last_name: 'Taylor',
    birth_date: '1988-04-12',
    password_hash: null,
    is_legal: 1,
    news_by_email: 0,
    news_by_sms: 0,
    post_code: 'SW1A 1AA',
    county: 'Greater London',
    town: 'London',
    street: 'Downing Street',
    building: null,
    house_number: '10',
    flat_no: null,
    address_str: '10 Downing Street, London, SW1A 1AA',
    lived_in_address_id: 5,
    residential_status_id: 7,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  return (await db
    .insertInto('customers')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow()) as Customer;
}

/** A customer with a real access token and refresh token, as after stage 1 or login. */
export async function createSession(
  ctx: AppContext,
  overrides: Partial<Insertable<CustomerTable>> = {},
  proof: { passwordProved?: boolean } = {},
) {
  const customer = await createCustomer(ctx.db, overrides);
  const tokens = await ctx.sessions.issue(customer.id, ctx.db, proof);
  return { customer, ...tokens, authorization: `Bearer ${tokens.token}` };
}

/** An applicant who has just passed stage1 through the API, as a person would: their session and payload. */
export async function createApplicant(app: FastifyInstance, overrides: Partial<Stage1Payload> = {}) {
  const payload = createStage1Payload(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload });
  const body = res.json() as { error: { errorID: number }; object: { token: string; refreshToken: string } };
  if (body.error.errorID !== 0) throw new Error(`stage1 answered errorID ${body.error.errorID}`);
  const { token, refreshToken } = body.object;
  return { payload, token, refreshToken, authorization: `Bearer ${token}` };
}

/**
 * An access token signed with any secret and expiry, for the cases the server must refuse (expired, signed
 * with another key, wrong type). `expiresAt` is in seconds since the epoch.
 */
export async function signAccessToken(opts: {
  secret: string;
  customerId: number;
  /** The session family (`sid`); a live one unless the test says otherwise. */
  familyId?: number;
  expiresAt?: number;
  typ?: string;
}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: opts.typ ?? 'access', sid: opts.familyId ?? 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(opts.customerId))
    .setIssuedAt(now - 3600)
    .setExpirationTime(opts.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(opts.secret));
}
