import { BRAND } from '@lender/contract/brand';
import { Page } from '../../components/page';

export function Component() {
  return (
    <Page heading="We will be back soon" title="Maintenance">
      <p>We are performing essential maintenance work. We apologise for the inconvenience.</p>
      <p>
        Our customer care team is reachable by e-mail at{' '}
        <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> 7 days a week, 06:00 to 21:00.
      </p>
      <h2>Opening hours</h2>
      <ul>
        <li>{BRAND.hours.applications}</li>
        <li>{BRAND.hours.underwriting}</li>
        <li>{BRAND.hours.customerCare}</li>
      </ul>
    </Page>
  );
}
