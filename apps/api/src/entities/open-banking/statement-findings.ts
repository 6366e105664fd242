import { showsAMonth } from '@lender/contract/bank-statement';
import type { Finding } from '../applications/decision/decision-check';
import type { BankStatementBreach } from './bank-statement-rules';

export const BANK_STATEMENT_CHECK = 'bank-statement';

/**
 * The statement's findings as the decision keeps them, each naming the consent it was read under: too
 * short to show the income (noted: its income was not decided on), then each rule broken, or clear.
 */
export function statementFindings(
  consentReference: string,
  breaches: readonly BankStatementBreach[],
  daysCovered: number,
): Finding[] {
  const short: Finding[] = showsAMonth({ daysCovered })
    ? []
    : [
        {
          check: BANK_STATEMENT_CHECK,
          outcome: 'pass',
          reasonCode: 'statementTooShort',
          details: { consentReference, daysCovered },
          text: `a statement of ${daysCovered} days, too short to show the income (${consentReference})`,
        },
      ];
  if (breaches.length === 0) {
    return [
      ...short,
      {
        check: BANK_STATEMENT_CHECK,
        outcome: 'pass',
        reasonCode: 'statementClear',
        details: { consentReference },
        text: `bank statement clear (${consentReference})`,
      },
    ];
  }
  return [
    ...short,
    ...breaches.map((b) => ({
      check: BANK_STATEMENT_CHECK,
      outcome: b.outcome,
      reasonCode: b.rule,
      details: { ...b.details, consentReference },
      text: `${b.text} (${consentReference})`,
    })),
  ];
}
