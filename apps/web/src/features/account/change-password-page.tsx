import { Page } from '../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Contact Details" title="Change Password">
      <h2>Change Password</h2>
      <p>Change the password you sign in with.</p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
