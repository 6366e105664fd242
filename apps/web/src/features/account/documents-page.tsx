import { DocumentsList } from '../../components/documents/documents-list';
import { UploadDocumentForm } from '../../components/documents/upload-document-form';
import { useDocuments } from '../../lib/api/get-documents';
import { Link } from 'react-router';
import { Page } from '../../components/page';

/**
 * The customer's documents (issue 28): the signed agreement of each loan, the summary of borrowing,
 * our letters and their replies, and what they uploaded, each downloadable; and a form to upload more.
 * Headed as what it is and reached from the menu (issue 45), not as a screen of the contact details.
 */
export function Component() {
  const documents = useDocuments();
  return (
    <Page heading="Your documents" narrow>
      <p>Your loan agreements, statements and letters, and the documents you have sent us.</p>
      <p>
        <Link to="/account/credit-searches">The searches of your credit file we made</Link>
      </p>
      <p>
        <Link to="/account/bank-connections">Your bank connections</Link>
      </p>
      {documents.data ? (
        <DocumentsList documents={documents.data.documents} empty="You have no documents yet." />
      ) : (
        <p aria-busy="true">Loading your documents…</p>
      )}
      <h2 className="account__subheading">Send us a document</h2>
      <UploadDocumentForm uploadsLeft={documents.data?.uploadsLeft ?? 1} />
    </Page>
  );
}
