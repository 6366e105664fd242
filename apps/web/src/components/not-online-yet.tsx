import { BRAND, telHref } from '@lender/contract/brand';
import { Page } from './page';

type Props = { heading: string; subheading?: string; about: string };

/**
 * The frame of a screen whose form arrives with a later issue: its real heading, what it is for, and
 * the honest way to get it done today (the API answers 'Not implemented yet' for its calls).
 */
export function NotOnlineYet({ heading, subheading, about }: Props) {
  return (
    <Page heading={heading} {...(subheading ? { title: subheading } : {})}>
      {subheading ? <h2>{subheading}</h2> : null}
      <p>{about}</p>
      <p className="banner banner--info">
        This service is not available online yet. Please call us on{' '}
        <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> and we will help you.
      </p>
    </Page>
  );
}
