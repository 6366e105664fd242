import { bankStatementBreaches } from '../../../open-banking/bank-statement-rules';
import { BANK_STATEMENT_CHECK, statementFindings } from '../../../open-banking/statement-findings';
import type { DecisionCheck } from '../decision-check';

/**
 * The applicant's bank statement (issue 49, docs/decisions/072), when they connected their bank: the
 * statement's own rules (gambling, returned direct debits, other HCSTC lenders). Its income and spending
 * already count in the facts' affordability figures. No statement, no finding: connecting is optional
 * unless the caller required it.
 */
export const bankStatementCheck: DecisionCheck = {
  name: BANK_STATEMENT_CHECK,
  readsTerms: false,
  async run({ statement }) {
    if (!statement) return [];
    const { figures, consentReference } = statement;
    return statementFindings(consentReference, bankStatementBreaches(figures), figures.daysCovered);
  },
};
