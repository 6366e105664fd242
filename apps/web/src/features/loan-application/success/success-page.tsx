import { Page } from '../../../components/page';
import { AfterSigningSteps, SignInToAccount } from '../after-signing';

/**
 * Spec section 2: the process is complete, no call is needed and updates come by e-mail. Issue 31: it
 * also says what those updates are and when they come, and leads to the account.
 */
export function Component() {
  return (
    <Page heading="Thank you, your application is complete" title="Application complete">
      <p>The application process is complete. There is no need to call us.</p>
      <p>We will send you updates about your application by e-mail.</p>
      <AfterSigningSteps />
      <SignInToAccount />
    </Page>
  );
}
