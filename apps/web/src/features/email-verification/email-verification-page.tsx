import { Page } from '../../components/page';

/** Confirms the e-mail verification link; the checking call arrives with the e-sign issue. */
export function Component() {
  return (
    <Page heading="E-mail verification">
      <p className="banner banner--error">Verification not confirmed, request new verification email.</p>
      <p>Go back to your loan application and use the resend link to get a new verification e-mail.</p>
    </Page>
  );
}
