import { Page } from '../../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Affordability check" title="Step 4 of 4">
      <h2>Step 4 of 4</h2>
      <p>Your bank details are used to transfer the money to you.</p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
