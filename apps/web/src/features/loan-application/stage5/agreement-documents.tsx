import { useMemo } from 'react';
import { ModalDialog } from '../../../components/dialog/modal-dialog';
import { sanitiseAgreement } from './sanitise-agreement';

export type Agreements = { contract1: string; contract2: string; contract3: string };

/** The spec's titles, word for word, in its order; which contract of GetEsign each one shows. */
const DOCUMENTS = [
  { title: 'Loan Agreemant', key: 'contract3' },
  { title: 'Adequate Explanation', key: 'contract1' },
  { title: 'PCCI', key: 'contract2' },
] as const;

/** The three agreements, each behind a button that opens it in a dialog, as the server made them. */
export function AgreementDocuments({ agreements }: { agreements: Agreements }) {
  const documents = useMemo(
    () => DOCUMENTS.map((d) => ({ title: d.title, html: sanitiseAgreement(agreements[d.key], d.title) })),
    [agreements],
  );
  return (
    <div className="esign-documents">
      {documents.map((d) => (
        <ModalDialog key={d.title} title={d.title} openLabel={d.title}>
          {/* Cleaned by sanitiseAgreement; the server escaped every value in it as well. */}
          <div className="agreement" dangerouslySetInnerHTML={{ __html: d.html }} />
        </ModalDialog>
      ))}
    </div>
  );
}
