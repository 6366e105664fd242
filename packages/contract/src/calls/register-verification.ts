import { z } from 'zod';
import { Msg } from '../rules/messages';
import { guidField } from './shared';

/** Seconds until the server sends another code or link of a channel: 0 is now (decision 038). */
const secondsUntilNextSend = z
  .number()
  .int()
  .min(0)
  .meta({ description: 'Seconds until the next send of this channel is allowed; 0: now.' });

export const esignSchema = z.object({
  contract1: z.string(),
  contract2: z.string(),
  contract3: z.string(),
  nextSendInSeconds: z
    .object({ sms: secondsUntilNextSend, email: secondsUntilNextSend })
    .meta({ description: 'How long the resend links wait, so a page opened just after a send counts down.' }),
  payoutAccount: z
    .object({
      sortCode: z.string().meta({ description: 'As banks print it: 12-34-56.' }),
      accountNumber: z.string().meta({ description: 'Masked but its last 4 digits: ****9911.' }),
    })
    .nullable()
    .meta({
      description:
        'Not in the spec (issue 45): the account the loan will be paid into, masked, for the applicant to check before signing; null before bank details are given.',
    }),
});

/** A resend's answer: how long until the next one is allowed (the page counts down from it). */
export const resendWaitSchema = z.object({ nextSendInSeconds: secondsUntilNextSend });

/** A refused resend's `object` (HTTP 429): the same wait, and whether it is the cooldown or the day's cap. */
export const resendRefusedSchema = z.object({
  nextSendInSeconds: secondsUntilNextSend,
  reason: z.enum(['cooldown', 'daily']).meta({
    description: '`cooldown`: too soon after the last send; `daily`: the most sends of one day were made.',
  }),
});
export const guidQuerySchema = z.object({ guid: guidField }, { error: Msg.invalidLink });
export const emailVerificationQuerySchema = z.object(
  {
    guid: guidField,
    verification: z
      .string({ error: Msg.invalidLink })
      .min(1, { error: Msg.invalidLink })
      .max(200, { error: Msg.invalidLink }),
  },
  { error: Msg.invalidLink },
);
export const verifiedSchema = z.object({ verified: z.boolean() });

/**
 * Register/EsignLink (not in the spec, docs/decisions/020): a signed-in applicant's browser, handing over
 * to the signed-out e-sign page, gets the signing link's token of its own.
 */
export const esignLinkSchema = z.object({ appGuid: z.string(), signingToken: z.string() });
