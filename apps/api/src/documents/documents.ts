import { adequateExplanation } from './adequate-explanation';
import type { AgreementFacts } from './agreement-facts';
import type { AgreementDocument } from './blocks';
import { loanAgreement } from './loan-agreement';
import { preContractInformation } from './pre-contract-information';

export type { AgreementDocument } from './blocks';

/** The three documents under the spec's names: contract1, contract2 and contract3 of Register/GetEsign. */
export type AgreementDocuments = {
  contract1: AgreementDocument;
  contract2: AgreementDocument;
  contract3: AgreementDocument;
};

export const agreementDocuments = (facts: AgreementFacts): AgreementDocuments => ({
  contract1: adequateExplanation(facts),
  contract2: preContractInformation(facts),
  contract3: loanAgreement(facts),
});
