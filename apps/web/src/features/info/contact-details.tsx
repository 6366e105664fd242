import { BRAND, telHref } from '@lender/contract/brand';

/** Phone, e-mail and opening hours of spec section 1, written once for every page that needs them. */
export function ContactDetails() {
  return (
    <>
      <dl className="info-contact">
        <dt>Phone</dt>
        <dd>
          <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a>
        </dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
        </dd>
        <dt>Post</dt>
        <dd>
          {BRAND.legalName}, {BRAND.registeredAddress}
        </dd>
      </dl>
      <h3>Opening hours</h3>
      <ul>
        <li>{BRAND.hours.applications}</li>
        <li>{BRAND.hours.underwriting}</li>
        <li>{BRAND.hours.customerCare}</li>
        <li>Customer care by e-mail: 06:00 to 21:00, 7 days a week</li>
      </ul>
    </>
  );
}
