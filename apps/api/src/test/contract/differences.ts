import type { CallName } from '@lender/contract/api-calls';

/**
 * Where the published document and the server disagree about a request. `server: 'refuses'`: the document
 * allows it and the server answers 400; `server: 'accepts'`: the document forbids it and the server does
 * not refuse it. `field` is the dotted path of the field whose rule it is. The two-way test fails on a
 * difference not listed here, and on a listed one that no longer happens.
 */
export type Difference = {
  call: CallName;
  variants: string[];
  field: string;
  server: 'refuses' | 'accepts';
  why: string;
};

const window = (call: CallName, field: string): Difference => ({
  call,
  variants: [`${field} in the past`, `${field} over a year ahead`, `${field} on a Saturday`],
  field,
  server: 'refuses',
  why: 'A window of weekdays counted from today in Europe/London: JSON Schema has no today.',
});
const expiry = (call: CallName, at: string): Difference => ({
  call,
  variants: ['endYear in the past'],
  field: `${at}.endYear`,
  server: 'refuses',
  why: 'An expiry is judged against the current month: JSON Schema has no today.',
});
const address = (call: CallName, at: string, manual: boolean): Difference[] => {
  const key = (field: string) => (at ? `${at}.${field}` : field);
  return [
    {
      call,
      variants: [`${key('address')} missing`, `${key('address')} empty`],
      field: key('address'),
      server: 'refuses',
      why: 'Required only when autoAddress is true: a rule across fields, which zod states in a refinement that JSON Schema does not receive.',
    },
    ...(manual
      ? [
          {
            call,
            variants: ['manual address without street'],
            field: key('street'),
            server: 'refuses' as const,
            why: 'Required only when autoAddress is false (a rule across fields).',
          },
          {
            call,
            variants: ['manual address without town'],
            field: key('town'),
            server: 'refuses' as const,
            why: 'Required only when autoAddress is false (a rule across fields).',
          },
          {
            call,
            variants: ['manual address without flatNo, building or houseNumber'],
            field: key('flatNo'),
            server: 'refuses' as const,
            why: 'One of three fields, only when autoAddress is false (a rule across fields).',
          },
        ]
      : []),
  ];
};
const employmentLength = (call: CallName): Difference => ({
  call,
  variants: ['employmentDetail.employmentLength missing'],
  field: 'employmentDetail.employmentLength',
  server: 'refuses',
  why: 'Required only for the employment statuses that have a length (a rule across fields).',
});

/** Rules JSON Schema cannot state; each is also said in its field's description in the document. */
export const intended: Difference[] = [
  window('submitStage1', 'nextPayDate'),
  window('calculateQuote', 'repaymentDate'),
  window('acceptQuote', 'repaymentDate'),
  window('submitLandedLead', 'repaymentDate'),
  window('repeatLoan', 'repaymentDate'),
  window('leadGetQuote', 'repaymentDate'),
  expiry('submitStage2', 'creditCard'),
  expiry('addCreditCard', 'creditCard'),
  expiry('submitLandedLead', 'creditCard'),
  expiry('repeatLoan', 'creditCard.creditCard'),
  ...address('submitStage1', '', true),
  ...address('changeAddress', 'address', false),
  ...address('repeatLoan', 'currentAddress', true),
  {
    call: 'cardPayment',
    variants: ['useExistingCard missing'],
    field: 'card',
    server: 'refuses',
    why: 'Without useExistingCard, the new card and its provider check (card, pKey, trxId) are required (a rule across fields).',
  },
  ...(['pKey', 'trxId'] as const).map((field): Difference => ({
    call: 'repeatLoan',
    variants: [`${field} missing`],
    field,
    server: 'refuses',
    why: 'Required only for a new card (useExistingCard false): a rule across fields.',
  })),
  {
    call: 'repeatLoan',
    variants: ['amount 250 (not one of the options)'],
    field: 'amount',
    server: 'refuses',
    why: 'One of the listed amounts: the description names them (the schema keeps a number so that each wrong one gets its message).',
  },
  ...(['cardPayment', 'reSchedule', 'repeatLoan'] as const).map((call): Difference => ({
    call,
    variants: ['idempotencyKey missing'],
    field: 'idempotencyKey',
    server: 'refuses',
    why: 'Required in the Idempotency-Key header or in this field: one of two places (the test sends no header).',
  })),
  employmentLength('submitStage3'),
  employmentLength('repeatLoan'),
  {
    call: 'submitStage1',
    variants: ['duration 4 for productId 4 (one instalment)'],
    field: 'duration',
    server: 'refuses',
    why: 'The instalments allowed depend on productId (a rule across fields).',
  },
  {
    call: 'submitStage1',
    variants: ['titleId 999 (no such title)'],
    field: 'titleId',
    server: 'refuses',
    why: 'Checked against the titles dictionary in the database, which GetDictionaries serves.',
  },
  // The Reply Form (issue 28): an answer that leads to a detail needs it.
  ...(
    [
      ['partAmount', ['partAmount missing'], "owes is 'part'"],
      ['disputeReason', ['disputeReason missing', 'disputeReason empty'], "owes is not 'all'"],
      ['documentsWanted', ['documentsWanted missing', 'documentsWanted empty'], 'wantsDocuments is true'],
      ['instalmentAmount', ['instalmentAmount missing'], 'proposesInstalments is true'],
    ] as const
  ).map(([field, variants, when]): Difference => ({
    call: 'submitPreClaimReply',
    variants: [...variants],
    field,
    server: 'refuses',
    why: `Required only when ${when} (a rule across fields).`,
  })),
];
