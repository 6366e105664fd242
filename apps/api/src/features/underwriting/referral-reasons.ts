/** A credit file's referral codes in an underwriter's words (docs/decisions/057 says why each refers). */
const CREDIT_REFERRAL_WORDS: Record<string, string> = {
  identityNotConfirmed:
    "The credit reference agency could not confirm the applicant's name, date of birth and address together.",
  deceased: "The credit file carries a deceased flag on the applicant's details.",
  modelledIncomeLow: "The agency's modelled income is well below the income the applicant declared.",
  agencyUnavailable: 'The credit reference agency did not answer.',
};

/**
 * A referral's reasons, from the decision that referred it: the rules store `code: text; code: text`
 * (their texts are the applicant's words), the payout the provider's refusal as it came.
 */
export function referralReasons(kind: string, reason: string): string[] {
  if (kind === 'payout-referred') return [`The payout was refused: ${reason}`];
  return reason
    .split('; ')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const match = /^([\w-]+): (.*)$/s.exec(part);
      if (!match) return part;
      const [, code, text] = match as unknown as [string, string, string];
      const credit = code.startsWith('credit-')
        ? CREDIT_REFERRAL_WORDS[code.slice('credit-'.length)]
        : undefined;
      return credit ?? text;
    });
}
