import { Page } from '../../components/page';

/** The screen's frame; its form arrives with the issue that builds this part of the journey. */
export function Component() {
  return (
    <Page heading="Apply for a new loan">
      <p>As a returning customer your details are filled in from your last loan.</p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us and we will help you.
      </p>
    </Page>
  );
}
