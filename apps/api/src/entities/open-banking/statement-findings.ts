import type { Finding } from '../applications/decision/decision-check';
import type { BankStatementBreach } from './bank-statement-rules';

export const BANK_STATEMENT_CHECK = 'bank-statement';

/** The statement's findings as the decision keeps them, each naming the consent it was read under. */
export function statementFindings(
  consentReference: string,
  breaches: readonly BankStatementBreach[],
): Finding[] {
  if (breaches.length === 0) {
    return [
      {
        check: BANK_STATEMENT_CHECK,
        outcome: 'pass',
        reasonCode: 'statementClear',
        details: { consentReference },
        text: `bank statement clear (${consentReference})`,
      },
    ];
  }
  return breaches.map((b) => ({
    check: BANK_STATEMENT_CHECK,
    outcome: b.outcome,
    reasonCode: b.rule,
    details: { ...b.details, consentReference },
    text: `${b.text} (${consentReference})`,
  }));
}
