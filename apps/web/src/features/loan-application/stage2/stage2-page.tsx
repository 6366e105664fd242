import { Page } from '../../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Debit Card Check" title="Step 2 of 4">
      <h2>Step 2 of 4</h2>
      <p>
        We check that your debit card is yours and active. The card check opens once you have accepted your
        quote.
      </p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
