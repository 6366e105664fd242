import { Page } from '../../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Affordability check" title="Step 3 of 4">
      <h2>Step 3 of 4</h2>
      <p>
        We ask about your home, work and monthly outgoings so that we only lend what you can afford to repay.
      </p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
