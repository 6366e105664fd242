import { Page } from '../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Contact Details" title="Change Mobile">
      <h2>Change Mobile</h2>
      <p>Change the mobile number we send codes to.</p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
