import { Page } from '../../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Sign your loan agreement">
      <p>
        We send you two verification codes, one by SMS and one by e-mail, to confirm that it is you signing.
      </p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
