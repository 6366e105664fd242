import { BRAND, telHref } from '@lender/contract/brand';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';

export function Component() {
  const [params] = useSearchParams();
  const esign = params.get('esign') === 'true';
  const phone = <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a>;
  return (
    <Page heading="Error Occured" title="Error">
      {esign ? (
        <p>
          Please press the link in the &lsquo;Application e-Sign process&rsquo; e-mail we sent you to continue
          your application, or call our support on {phone} to change the application.
        </p>
      ) : (
        <p>
          An error occurred while processing your application. We are here to help, please contact our support
          at {phone}.
        </p>
      )}
      <p>The Customer Service team.</p>
    </Page>
  );
}
