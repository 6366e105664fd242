import { z } from 'zod';
import { LEAD_SLIDER } from '../constants';
import { bankDetailsSchema } from '../rules/bank';
import { alwaysCheck } from '../rules/common';
import { checkAddress } from '../rules/address';
import { Msg } from '../rules/messages';
import { applicantFields, instalmentsField } from './register';
import { stage3Schema } from './register-stages';

/**
 * A partner's lead (issue 29, docs/decisions/030): stage1's applicant under stage1's names and rules at the
 * top level, the loan asked for, the partner's own reference, and optionally the stage 3 answers and the
 * bank account. Not a call of the spec: partners post it to `/api/partner/v1/leads` with their key.
 */
export const partnerLeadSchema = z
  .object(
    {
      partnerLeadId: z
        .string({ error: Msg.partnerLeadId })
        .regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: Msg.partnerLeadId })
        .meta({ description: 'Your reference for this lead. Sending it again answers the first answer.' }),
      amount: z
        .number({ error: Msg.leadAmount })
        .int({ error: Msg.leadAmount })
        .min(LEAD_SLIDER.min, { error: Msg.leadAmount })
        .max(LEAD_SLIDER.max, { error: Msg.leadAmount })
        .multipleOf(LEAD_SLIDER.step, { error: Msg.leadAmount })
        .meta({ description: 'Whole pounds: the landing page offers the same range and steps.' }),
      instalments: instalmentsField.meta({ description: 'Monthly instalments, 1 to 6.' }),
      ...applicantFields,
      stage3: stage3Schema.optional().meta({
        description:
          'The affordability answers as SubmitStage3 takes them; without them the applicant gives them after landing.',
      }),
      bankDetails: bankDetailsSchema.optional().meta({
        description: 'The account the loan is paid into; without it the applicant gives it after landing.',
      }),
    },
    { error: Msg.request },
  )
  .superRefine((v, ctx) => checkAddress(v, ctx, 'home'), alwaysCheck);
export type PartnerLead = z.input<typeof partnerLeadSchema>;

/**
 * Why a lead was declined, as we keep it (the lead's row, the partner report). A partner is answered
 * `notEligible` whatever the reason (issue 45): the others would tell it who our customers are.
 */
export const LeadDeclineReason = {
  /** The e-mail address or mobile number is a customer's already: they sign in to apply. */
  existingCustomer: 'existingCustomer',
  /** The applicant has an application in progress with us. */
  applicationInProgress: 'applicationInProgress',
  /** The decision step (age, residency, the instalment against income, affordability) declined it. */
  notEligible: 'notEligible',
} as const;

export const partnerLeadAnswerSchema = z.object({
  decision: z.enum(['accepted', 'declined']),
  appGuid: z.string().nullable().meta({ description: 'The application; null when declined.' }),
  redirectUrl: z.string().nullable().meta({
    description: 'Send the applicant here (the personalised landing page); null when declined.',
  }),
  reason: z
    .enum([LeadDeclineReason.notEligible])
    .nullable()
    .meta({
      description:
        'notEligible for every decline, whatever the reason (we do not say whether the person is known to ' +
        'us); null when accepted. A lead from one of our customers is declined too: they apply on our site.',
    }),
});
export type PartnerLeadAnswer = z.infer<typeof partnerLeadAnswerSchema>;
