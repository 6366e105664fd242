/**
 * How the categoriser reads a bank statement (issue 49): one ordered table, the first rule that matches a
 * transaction gives its category. A lender may be asked why a credit was not counted as income or why a
 * debit was counted as a commitment, so each list and threshold has its reason beside it.
 */

/** What a transaction is, as far as affordability cares. */
export type Category =
  // Credits that are never income.
  | 'ownTransfer'
  | 'returnedDirectDebit'
  | 'gamblingWinnings'
  | 'loanProceeds'
  | 'refund'
  | 'interest'
  // Credits that are income when they come regularly; any other regular payer counts as salary (an
  // employer, or a gig platform: Uber Eats and Deliveroo pay for work weekly or fortnightly).
  | 'pension'
  | 'benefits'
  // Debits.
  | 'unpaidItemFee'
  | 'gambling'
  | 'hcstcRepayment'
  | 'creditCommitment'
  | 'councilTax'
  | 'rent'
  | 'utility'
  | 'other';

export type CategoryRule = {
  category: Category;
  direction: 'credit' | 'debit';
  /** ProprietaryBankTransactionCode.Code, any of these (absent: any code). */
  bankCodes?: readonly string[];
  /** MerchantCategoryCode, any of these (absent: any). A rule's conditions must all hold. */
  mccs?: readonly string[];
  /** The description, merchant name or counterparty matches (absent: not by words). */
  text?: RegExp;
};

/** Names written as a comma-separated block (a long list reads better as a paragraph than a column). */
const names = (block: string): readonly string[] => block.split(',').map((n) => n.trim());

/** A list of names as one case-blind pattern, each name whole (so 'EE' is not found in 'COFFEE'). */
export const anyOf = (list: readonly string[]) =>
  new RegExp(`\\b(?:${list.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i');

/** FCA-authorised high-cost short-term lenders trading in the UK: a repayment is HCSTC, a credit is a loan. */
export const HCSTC_LENDERS = names(`
  LENDING STREAM, DRAFTY, MONEYBOAT, MONEY BOAT, QUIDMARKET, CASHFLOAT, MR LENDER, FAST LOAN UK,
  POLAR CREDIT, UNCLE BUCK, SAFETYNET CREDIT, SATSUMA, LOANS 2 GO, CASHASAP, CASH 4 U NOW, MONEYSTREAM,
  FLEX LOANS, 247MONEYBOX, THE MONEY PLATFORM
`);

/** One HCSTC lender's name as found on a line: which lender it was counts, not how the bank spelt it. */
export const HCSTC_PATTERN = anyOf(HCSTC_LENDERS);

/** Other credit (cards, catalogues, buy-now-pay-later, personal and car loans): repayments are commitments. */
export const CREDIT_PROVIDERS = names(`
  BARCLAYCARD, CAPITAL ONE, VANQUIS, AQUA CARD, MARBLES, FLUID CARD, MBNA, AMERICAN EXPRESS, AMEX, NEWDAY,
  ZOPA, KLARNA, CLEARPAY, PAYPAL CREDIT, LAYBUY, SHOP DIRECT, VERY.CO.UK, JD WILLIAMS, STUDIO RETAIL,
  BRIGHTHOUSE, PROVIDENT, NOVUNA, MOTONOVO, BLUE MOTOR FINANCE, OAKAM, LIKELY LOANS, EVERYDAY LOANS,
  BAMBOO LOANS, 118 118 MONEY, AMIGO LOANS
`);

/** Words that name borrowing on a statement; 'FINANCE' only on debits (employers are called 'X FINANCE LTD'). */
const LOAN_WORDS = /\bLOANS?\b/i;
const CREDIT_DEBIT_WORDS = /\b(?:LOANS?|CREDIT CARD|FINANCE)\b/i;

/** Bookmakers, casinos, bingo and lotteries as they appear without a merchant category (a transfer to one). */
export const GAMBLING_OPERATORS = names(`
  BET365, PADDY POWER, PADDYPOWER, BETFAIR, WILLIAM HILL, LADBROKES, CORAL, SKY BET, SKYBET, BETFRED,
  BETVICTOR, UNIBET, 888SPORT, 888POKER, 888CASINO, GROSVENOR, POKERSTARS, TOMBOLA, GALA BINGO,
  GALA CASINO, MECCA BINGO, FOXY BINGO, BOYLESPORTS, BETWAY, JACKPOTJOY, LOTTOLAND, LIVESCORE BET,
  VIRGIN BET, KWIFF, MIDNITE, SPREADEX, NATIONAL LOTTERY, ALLWYN, CASINO, BINGO
`);

/**
 * ISO 18245 gambling categories: 7995 betting and casinos, 7800 government lotteries, 7801 internet
 * gambling, 7802 horse and dog racing. The money matters to affordability, not the game.
 */
export const GAMBLING_MCCS = ['7995', '7800', '7801', '7802'] as const;

/** Benefits paid by DWP, HMRC (child benefit, tax credits) and Social Security Scotland. */
export const BENEFIT_PAYERS = names(`
  DWP, UNIVERSAL CREDIT, HMRC CHILD BENEFIT, CHILD BENEFIT, HMRC CHB, HMRC NTC, TAX CREDITS,
  HMRC TAX CREDIT, PIP, ESA, JSA, CARERS ALLOWANCE, SOCIAL SECURITY SCOT
`);

/** Pensions: the State Pension (DWP, so before the benefits), schemes and annuities by their words. */
export const PENSION_PAYERS = names(`
  STATE PENSION, DWP SP, DWP STATE PEN, PENSION, PENSIONS, ANNUITY, MYCSP, NEST
`);

/** Gas, electricity, water, telephone, broadband and the TV licence: the 'utility' expense of stage 3. */
export const UTILITY_PAYEES = names(`
  BRITISH GAS, OCTOPUS ENERGY, EDF, E.ON, EON NEXT, OVO, SCOTTISH POWER, SCOTTISHPOWER, SSE, SO ENERGY,
  UTILITA, THAMES WATER, SEVERN TRENT, UNITED UTILITIES, ANGLIAN WATER, YORKSHIRE WATER, SOUTHERN WATER,
  WESSEX WATER, SOUTH WEST WATER, NORTHUMBRIAN WATER, WELSH WATER, AFFINITY WATER, BT GROUP, SKY DIGITAL,
  SKY UK, VIRGIN MEDIA, TALKTALK, PLUSNET, HYPEROPTIC, COMMUNITY FIBRE, VODAFONE, EE LIMITED, O2 UK,
  TELEFONICA, THREE.CO.UK, HUTCHISON 3G, GIFFGAFF, TESCO MOBILE, TV LICENCE
`);

/** Whole words: a credit or debit between the applicant's own accounts, described as such. */
const OWN_ACCOUNT = /\b(?:(?:FROM|TO) (?:SAVINGS|ISA|CURRENT|OWN|MY|JOINT)\b|OWN ACCOUNT|INTERNAL TRANSFER)/i;

/**
 * The rules, in order (first match wins). Credits: what is never income comes first, so that a refund
 * from a bookmaker or a loan from a lender never reaches the income rules. Debits: fees and gambling before
 * the payee lists, HCSTC before other credit (a payday lender also matches 'LOANS').
 */
export const CATEGORY_RULES: readonly CategoryRule[] = [
  // Banks code transfers between a customer's own accounts TFR; payments from others arrive as FPI or BGC.
  { category: 'ownTransfer', direction: 'credit', bankCodes: ['TFR'] },
  { category: 'ownTransfer', direction: 'credit', text: OWN_ACCOUNT },
  // A direct debit returned unpaid comes back as a credit: the money was never the applicant's.
  {
    category: 'returnedDirectDebit',
    direction: 'credit',
    text: /\b(?:UNPAID|RETURNED|REFER TO PAYER|RTP)\b.*\b(?:DD|D\/D|DIRECT DEBIT)\b|\b(?:DD|DIRECT DEBIT) (?:UNPAID|RETURNED)\b/i,
  },
  // Winnings are not earned and not regular, however often they come.
  { category: 'gamblingWinnings', direction: 'credit', mccs: GAMBLING_MCCS },
  { category: 'gamblingWinnings', direction: 'credit', text: anyOf(GAMBLING_OPERATORS) },
  // CONC 5.2A: borrowed money is not income (a payday loan paid in makes the applicant look richer).
  { category: 'loanProceeds', direction: 'credit', text: HCSTC_PATTERN },
  { category: 'loanProceeds', direction: 'credit', text: anyOf(CREDIT_PROVIDERS) },
  { category: 'loanProceeds', direction: 'credit', text: LOAN_WORDS },
  // A card credit is a shop giving money back for a purchase: the applicant's own money returning.
  { category: 'refund', direction: 'credit', bankCodes: ['DEB'] },
  { category: 'refund', direction: 'credit', text: /\b(?:REFUND|RFND|REFD|CASHBACK)\b/i },
  // Interest and cashback on savings: small, and the applicant's own money earning.
  { category: 'interest', direction: 'credit', bankCodes: ['INT'] },
  {
    category: 'interest',
    direction: 'credit',
    text: /\b(?:CREDIT INTEREST|INTEREST PAID|GROSS INTEREST)\b/i,
  },
  { category: 'pension', direction: 'credit', text: anyOf(PENSION_PAYERS) },
  { category: 'benefits', direction: 'credit', text: anyOf(BENEFIT_PAYERS) },
  // Debits: a transfer to one's own account has no rule. Paying one's own credit card or loan account is
  // still a commitment, and a transfer to savings matches no expense.
  // Banks charge for each item they refuse to pay: a sign the account cannot meet its debits.
  {
    category: 'unpaidItemFee',
    direction: 'debit',
    bankCodes: ['FEE', 'CHG'],
    text: /\b(?:UNPAID|RETURNED|REFUSED|REFER)/i,
  },
  {
    category: 'unpaidItemFee',
    direction: 'debit',
    text: /\b(?:UNPAID|RETURNED|REFUSED) (?:ITEM|DD|DIRECT DEBIT|PAYMENT|TRANSACTION)S? (?:FEE|CHARGE)\b/i,
  },
  { category: 'gambling', direction: 'debit', mccs: GAMBLING_MCCS },
  { category: 'gambling', direction: 'debit', text: anyOf(GAMBLING_OPERATORS) },
  { category: 'hcstcRepayment', direction: 'debit', text: HCSTC_PATTERN },
  { category: 'creditCommitment', direction: 'debit', text: anyOf(CREDIT_PROVIDERS) },
  { category: 'creditCommitment', direction: 'debit', text: CREDIT_DEBIT_WORDS },
  // Councils are paid for other things (parking, bulky waste): only a regular debit or the words.
  { category: 'councilTax', direction: 'debit', text: /\bCOUNCIL TAX\b|\bC\.? ?TAX\b/i },
  {
    category: 'councilTax',
    direction: 'debit',
    bankCodes: ['DD', 'SO'],
    text: /\bCOUNCIL\b|\bLONDON BOROUGH\b|\bLB [A-Z]/i,
  },
  {
    category: 'rent',
    direction: 'debit',
    text: /\b(?:RENT|MORTGAGE|MTGE|LANDLORD|LETTINGS?|HOUSING ASSOC\w*)\b/i,
  },
  { category: 'utility', direction: 'debit', text: anyOf(UTILITY_PAYEES) },
];

/** Which credits count as income when regular, and as which kind. */
export const INCOME_KIND = { pension: 'pension', benefits: 'benefits', other: 'salary' } as const;

/** Which debits fill which expense of stage 3 (HCSTC repayments are credit commitments too). */
export const SPENDING_KEY = {
  rent: 'rent',
  councilTax: 'councilTax',
  utility: 'utility',
  creditCommitment: 'creditCommitment',
  hcstcRepayment: 'creditCommitment',
} as const;

/**
 * Regular payments: the median days between one payer's payments gives its rhythm. Four-weekly pay reads
 * as monthly (a thirteenth less: the cautious side). A payer paid once, or at no steady rhythm, is one-off.
 */
export const CADENCES = [
  { name: 'weekly', minGap: 4, maxGap: 10, periodDays: 7 },
  { name: 'fortnightly', minGap: 11, maxGap: 20, periodDays: 14 },
  { name: 'monthly', minGap: 21, maxGap: 40, periodDays: 365.25 / 12 },
] as const;

/** A month in days, to turn the period's totals into monthly figures (365.25 / 12). */
export const DAYS_PER_MONTH = 365.25 / 12;

/** Transfers between the applicant's own accounts: the same amount out of one and into another within 2 days. */
export const OWN_TRANSFER_MATCH_DAYS = 2;
