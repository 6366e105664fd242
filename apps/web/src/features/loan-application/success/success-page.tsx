import { Page } from '../../../components/page';

export function Component() {
  return (
    <Page heading="Thank you, your application is complete" title="Application complete">
      <p>The application process is complete. There is no need to call us.</p>
      <p>We will send you updates by e-mail. Money is deposited within 15 minutes of the approval e-mail.</p>
    </Page>
  );
}
