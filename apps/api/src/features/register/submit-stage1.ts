import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { poundsToPence } from '@lender/contract/money';
import { formatAddress, normalisePostCode } from '@lender/contract/rules/address';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { nowIso, plusSeconds } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secrets';
import { issueTokens } from '../../plugins/auth';
import { handle } from '../../plugins/calls';
import { hasApplicationInProgress, insertApplication, recordDecision } from './application-repository';
import { findCustomerByEmailOrMobile, insertCustomer } from './customer-repository';
import { screenApplicant } from './stage1-screen';
import { welcomeEmail } from './welcome-email';

const SET_PASSWORD_TTL_SECONDS = 7 * 86_400;
const DECLINE_MESSAGE = 'We are unable to approve your application at this time.';

const isUniqueViolation = (err: unknown) => err instanceof Error && /unique|duplicate key/i.test(err.message);

/**
 * Register/SubmitStage1: the applicant becomes a customer (no password yet) with an application in
 * status applicationNew, in one transaction with the welcome e-mail. Existing e-mail or mobile: 204 /
 * 205, or 99 while that customer has an application in progress. A decline is recorded with its reason.
 */
export function registerSubmitStage1(app: FastifyInstance, ctx: AppContext) {
  const providerTiers = new Set(
    ctx.config.PROVIDER_TIERS.split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );

  handle(app, ctx, 'submitStage1', async ({ body, req }) => {
    const existing = await findCustomerByEmailOrMobile(ctx.db, body.email, body.mobile);
    if (existing.length > 0) {
      if (
        await hasApplicationInProgress(
          ctx.db,
          existing.map((c) => c.id),
        )
      ) {
        return fail(ErrorId.existingApplicationInProgress, 'You already have an application in progress.');
      }
      return existing.some((c) => c.email === body.email)
        ? fail(ErrorId.emailAlreadyRegistered, 'This e-mail address is already registered.')
        : fail(ErrorId.mobileAlreadyRegistered, 'This mobile number is already registered.');
    }

    // The cheaper provider rate is for partners we know, not for anyone who types a tier into the URL.
    const viaProvider = Boolean(body.tierName && providerTiers.has(body.tierName));
    const dailyRate = viaProvider ? DAILY_RATE_PROVIDER : DAILY_RATE_STANDARD;
    const screen = screenApplicant({
      dob: body.dob,
      isResident: body.isResident,
      amountPounds: body.amount,
      duration: body.duration,
      nextPayDate: body.nextPayDate,
      wageFrequencyId: body.frequencyCategory,
      monthlyNetPayPounds: body.monthlynetPay,
      dailyRate,
    });

    const now = nowIso();
    const postCode = normalisePostCode(body.postCode);
    const setPasswordToken = randomToken();
    try {
      const tokens = await ctx.db.transaction().execute(async (trx) => {
        const customerId = await insertCustomer(trx, {
          email: body.email,
          mobile: body.mobile,
          title_id: body.titleId,
          first_name: body.firstName,
          last_name: body.lastName,
          birth_date: body.dob,
          password_hash: null,
          is_legal: 0,
          news_from_us: body.newsFromUs ? 1 : 0,
          post_code: postCode,
          county: body.county,
          town: body.town,
          street: body.street,
          building: body.building,
          house_number: body.houseNumber,
          flat_no: body.flatNo,
          address_str: body.autoAddress && body.address ? body.address : formatAddress({ ...body, postCode }),
          lived_in_address_id: null,
          residential_status_id: null,
          created_at: now,
          updated_at: now,
        });
        const applicationId = await insertApplication(trx, {
          guid: randomUUID(),
          customer_id: customerId,
          status_id: screen.approved ? AppStatus.applicationNew : AppStatus.leadDeclined,
          product_id: body.productId,
          amount_pence: poundsToPence(body.amount),
          duration: body.duration,
          wage_frequency_id: body.frequencyCategory,
          repayment_date: body.nextPayDate,
          net_monthly_income_pence: poundsToPence(body.monthlynetPay),
          num_dependents: body.numDependents,
          daily_rate_ppm: Math.round(dailyRate * 1_000_000),
          source: body.source ?? null,
          campaign: body.campaign ?? null,
          tier_name: body.tierName ?? null,
          quote_total_pence: null,
          quote_instalment_pence: null,
          quote_apr: null,
          accepted_at: null,
          created_at: now,
          updated_at: now,
        });
        await recordDecision(trx, {
          applicationId,
          customerId,
          kind: screen.approved ? 'stage1-passed' : 'declined',
          reason: screen.approved ? 'first screen passed' : screen.reason,
        });
        if (screen.approved) {
          await trx
            .insertInto('one_time_tokens')
            .values({
              customer_id: customerId,
              purpose: 'set-password',
              token_hash: sha256(setPasswordToken),
              expires_at: plusSeconds(SET_PASSWORD_TTL_SECONDS),
              used_at: null,
              created_at: now,
            })
            .execute();
          const mail = welcomeEmail({
            firstName: body.firstName,
            amountPence: poundsToPence(body.amount),
            setPasswordUrl: `${ctx.config.PUBLIC_URL}/reset-password/${setPasswordToken}`,
          });
          await ctx.outbox.enqueue(trx, { channel: 'email', to: body.email, ...mail });
        }
        // Tokens are issued in the same transaction: an acknowledged application always has its session.
        return screen.approved ? issueTokens(trx, ctx.config, customerId) : null;
      });
      if (!tokens) {
        req.log.info({ decision: 'declined' }, 'stage1 declined');
        return fail(ErrorId.declined, DECLINE_MESSAGE);
      }
      return ok(tokens);
    } catch (err) {
      // Two submissions racing with the same e-mail or mobile: the loser sees the duplicate answer.
      if (isUniqueViolation(err))
        return fail(ErrorId.emailAlreadyRegistered, 'This e-mail address is already registered.');
      throw err;
    }
  });
}
