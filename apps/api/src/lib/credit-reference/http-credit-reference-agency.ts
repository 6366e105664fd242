import { z } from 'zod';
import { isIsoDate } from '@lender/contract/dates';
import type {
  AgencyParticulars,
  CreditReferenceAgency,
  CreditReport,
  CreditSearchResult,
  SubmitResult,
  Unavailable,
} from './credit-reference-agency';
import { callProvider, noAnswer, type ProviderCall, type ProviderTransport } from '../provider-transports';

/**
 * The applicant waits on the search (issue 47): an agency silent for longer is unavailable and the
 * application refers. The one retry fits inside this budget, never after it.
 */
export const CRA_SEARCH_TIMEOUT_MS = 5_000;
/** Particulars are asked while a decline is shown: the same wait as a search. */
export const CRA_PARTICULARS_TIMEOUT_MS = 5_000;
/** Shared records and the monthly file: no one waits on them (the outbox or an ops command does). */
export const CRA_SUBMIT_TIMEOUT_MS = 60_000;

export type HttpCreditReferenceAgencyOptions = {
  key: string;
  transport: ProviderTransport;
  /** The search's (and particulars') budget, retry included; tests shorten it. */
  timeoutMs?: number;
  submitTimeoutMs?: number;
};

/** The agency's answers, read as untrusted input: anything outside the protocol is `unavailable`. */
const date = z.string().refine(isIsoDate);
const pence = z.number().int().min(0);
const status = z.enum(['0', '1', '2', '3', '4', '5', '6', 'D', 'S', 'U']);
const reportSchema = z.object({
  reference: z.string().min(1).max(100),
  searchedAt: z.string().min(1).max(40),
  identity: z.object({
    matchLevel: z.enum(['confirmed', 'partial', 'none']),
    electoralRoll: z.object({
      registered: z.boolean(),
      monthsAtAddress: z.number().int().min(0).nullable(),
    }),
    deceased: z.boolean(),
  }),
  score: z.object({ value: z.number().int(), scorecard: z.string().max(100) }).nullable(),
  publicRecords: z.object({
    ccjs: z.array(z.object({ amountPence: pence, registeredOn: date, satisfiedOn: date.nullable() })),
    insolvencies: z.array(
      z.object({
        type: z.enum(['bankruptcy', 'iva', 'dro', 'trust-deed']),
        status: z.enum(['active', 'discharged']),
        startedOn: date,
      }),
    ),
  }),
  accounts: z.array(
    z.object({
      type: z.enum([
        'hcstc',
        'credit-card',
        'loan',
        'mortgage',
        'current-account',
        'mail-order',
        'utility',
        'other',
      ]),
      openedOn: date,
      closedOn: date.nullable(),
      // A current account may be overdrawn: its balance is the only one that may be negative.
      balancePence: z.number().int(),
      monthlyPaymentPence: pence,
      statusHistory: z.array(status),
      defaultedOn: date.nullable(),
      arrangement: z.boolean(),
    }),
  ),
  searches: z.array(
    z.object({
      searchedOn: date,
      type: z.enum(['quotation', 'application']),
      industry: z.enum(['hcstc', 'other']),
    }),
  ),
  modelledMonthlyIncomePence: pence.nullable(),
  reasonCodes: z.array(z.string().max(100)),
}) satisfies z.ZodType<CreditReport, unknown>;

const particularsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  postalAddress: z.array(z.string().trim().min(1).max(200)).min(1).max(10),
  phone: z.string().trim().min(1).max(40),
  web: z.string().trim().min(1).max(300),
}) satisfies z.ZodType<AgencyParticulars, unknown>;

const receiptSchema = z.object({
  receiptId: z.string().min(1).max(100),
  accepted: z.number().int().min(0),
  rejected: z.array(z.object({ recordId: z.string().min(1), reason: z.string() })),
});

const OUTSIDE = 'an answer outside the protocol';

/** A failure worth one more try: the network or the agency's own fault, not silence (the budget is spent) nor a refusal. */
const retryable = (reason: string) =>
  /^HTTP 5\d\d$/.test(reason) ||
  (reason.startsWith('no answer (') && reason !== 'no answer (unexpected redirect)');

/**
 * The credit reference protocol (docs/credit-reference-protocol.md) over a transport. The request is
 * never logged, here or by the transport: it holds names, dates of birth and addresses, and the key.
 */
export function httpCreditReferenceAgency({
  key,
  transport,
  timeoutMs = CRA_SEARCH_TIMEOUT_MS,
  submitTimeoutMs = CRA_SUBMIT_TIMEOUT_MS,
}: HttpCreditReferenceAgencyOptions): CreditReferenceAgency {
  const authorization = `Bearer ${key}`;

  function readWith<T>(schema: z.ZodType<T, unknown>) {
    return (res: { status: number; body: string }): T | Unavailable => {
      if (res.status !== 200) return noAnswer(`HTTP ${res.status}`);
      const parsed = schema.safeParse(JSON.parse(res.body));
      return parsed.success ? parsed.data : noAnswer(OUTSIDE);
    };
  }

  /** A call retried once on a network failure or a 5xx, both tries within one budget of `budgetMs`. */
  async function withOneRetry<T>(
    request: Omit<ProviderCall, 'signal'>,
    read: (res: { status: number; body: string }) => T | Unavailable,
    budgetMs: number,
  ): Promise<T | Unavailable> {
    const deadline = performance.now() + budgetMs;
    const first = await callProvider(transport, request, budgetMs, read);
    if (!isUnavailable(first) || !retryable(first.reason)) return first;
    const left = Math.floor(deadline - performance.now());
    if (left <= 0) return first;
    const second = await callProvider(transport, request, left, read);
    // Out of time on the retry: the applicant's wait is the whole budget, so say that.
    return isUnavailable(second) && second.reason === `no answer within ${left} ms`
      ? noAnswer(`no answer within ${budgetMs} ms`)
      : second;
  }

  const receipt = (res: { status: number; body: string }): SubmitResult => {
    const read = readWith(receiptSchema)(res);
    if (isUnavailable(read)) return read;
    return {
      outcome: 'receipt',
      receiptId: read.receiptId,
      accepted: read.accepted,
      rejected: read.rejected.map((r) => ({ eventId: r.recordId, reason: r.reason })),
    };
  };

  return {
    async search(request): Promise<CreditSearchResult> {
      const read = readWith(reportSchema);
      const result = await withOneRetry(
        {
          method: 'POST',
          path: '/v1/searches',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(request),
        },
        read,
        timeoutMs,
      );
      return isUnavailable(result) ? result : { outcome: 'report', report: result };
    },
    agencyParticulars: () =>
      withOneRetry(
        { method: 'GET', path: '/v1/particulars', headers: { authorization } },
        readWith(particularsSchema),
        Math.min(timeoutMs, CRA_PARTICULARS_TIMEOUT_MS),
      ),
    // Not retried here: the outbox sends a record again (the agency receives an eventId once), and a
    // monthly file sent twice would be two receipts.
    submit: (records) =>
      callProvider(
        transport,
        {
          method: 'POST',
          path: '/v1/records',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ records }),
        },
        submitTimeoutMs,
        receipt,
      ),
    submitMonthly: (month, file) =>
      callProvider(
        transport,
        {
          method: 'POST',
          path: `/v1/monthly/${encodeURIComponent(month)}`,
          headers: { authorization, 'content-type': 'text/plain; charset=utf-8' },
          body: file,
        },
        submitTimeoutMs,
        receipt,
      ),
  };
}

function isUnavailable(value: unknown): value is Unavailable {
  return (value as { outcome?: unknown } | null)?.outcome === 'unavailable';
}
