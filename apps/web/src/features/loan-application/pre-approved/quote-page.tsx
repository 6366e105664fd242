import { ErrorId } from '@lender/contract/error-ids';
import { useEffect } from 'react';
import { useDictionaries } from '../../../lib/api/get-dictionaries';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { ApiCallError } from '../../../lib/api-client';
import { QueryProvider } from '../../../lib/query';
import { useQuote } from './get-quote';
import { QuoteForm } from './quote-form';
import '../../../components/form/form.css';
import './quote.css';

export function Component() {
  return (
    <QueryProvider>
      <QuotePage />
    </QueryProvider>
  );
}

function QuotePage() {
  const navigate = useNavigate();
  const quote = useQuote();
  // The form's selects need their options before they take the quote's values.
  const dictionaries = useDictionaries(['wageFrequencies']);

  // On load: error id 1 (nothing to quote) goes home; any other error goes to the error page.
  useEffect(() => {
    if (!quote.error) return;
    const id = quote.error instanceof ApiCallError ? quote.error.error.errorID : ErrorId.generic;
    void navigate(id === ErrorId.notFound ? '/' : '/error', { replace: true });
  }, [quote.error, navigate]);

  if (quote.data && dictionaries.data) return <QuoteForm initial={quote.data} />;
  return (
    <Page heading="Your quote" title="Your quote">
      <p aria-busy="true">Preparing your quote…</p>
    </Page>
  );
}
