import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isIsoDate } from '@lender/contract/dates';
import { nowIso } from '../../lib/clock';
import type { CreditReport } from '../../lib/credit-reference/credit-reference-agency';
import { SANDBOX_AGENCY } from './particulars';
import type { CraSandboxContext } from './plugin';
import { fileFor, isSlowpoke } from './test-applicants';

/** Far above what a search request needs; anything bigger is not ours. */
const BODY_LIMIT_BYTES = 16 * 1024;

const date = z.string().refine(isIsoDate);
const text = (max: number) => z.string().trim().min(1).max(max);

const searchSchema = z.object({
  type: z.enum(['quotation', 'application']),
  applicant: z.object({
    firstName: text(100),
    lastName: text(100),
    birthDate: date,
    addresses: z
      .array(
        z.object({
          line1: text(200),
          line2: z.string().max(200).nullable(),
          town: text(100),
          postcode: text(10),
          since: date.nullable(),
        }),
      )
      .min(1)
      .max(10),
  }),
  amountPence: z.number().int().min(1).max(100_000_000),
  termMonths: z.number().int().min(1).max(120),
  consentReference: text(200),
});

/** An agency's search reference: new for every search, never reused. */
const newReference = () => `SBX-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

/**
 * POST /v1/searches answers the applicant's file by surname (test-applicants.ts), each search a new
 * footprint with a new reference, kept with its type. `Slowpoke` is searched (the footprint is made)
 * but not answered within the adapter's time. GET /v1/particulars answers the fictional agency.
 */
export function registerSearches(app: FastifyInstance, ctx: CraSandboxContext) {
  app.post('/v1/searches', { bodyLimit: BODY_LIMIT_BYTES }, async (req, reply) => {
    const parsed = searchSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'The request does not fit the protocol.' });
    const search = parsed.data;
    const today = await ctx.today();
    const reference = newReference();
    const searchedAt = nowIso();
    await ctx.db
      .insertInto('cra_sandbox_searches')
      .values({
        reference,
        search_type: search.type,
        surname: search.applicant.lastName.toLowerCase(),
        consent_reference: search.consentReference,
        searched_on: today,
        created_at: searchedAt,
      })
      .execute();

    if (isSlowpoke(search.applicant.lastName)) {
      // Held past the lender's timeout, or until it hangs up, then a gateway timeout nobody reads.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ctx.slowpokeMs);
        reply.raw.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return reply.code(504).send({ error: 'The agency did not answer in time.' });
    }
    const report: CreditReport = { reference, searchedAt, ...fileFor(search.applicant.lastName, today) };
    return reply.code(200).send(report);
  });

  app.get('/v1/particulars', async () => SANDBOX_AGENCY);
}
