import { Page } from '../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Reset Password">
      <p>Choose a new password for your account.</p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
