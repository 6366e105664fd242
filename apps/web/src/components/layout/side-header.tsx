import { BRAND, telHref } from '@lender/contract/brand';
import { useSession } from '../../lib/session';

/** The sticky side panel: a greeting by first name and the priority line. */
export function SideHeader() {
  const { signedIn, firstName } = useSession();
  return (
    <aside className="side-header" aria-label="Your contact">
      <p className="side-header__greeting">{signedIn && firstName ? `Hello, ${firstName}` : 'Hello'}</p>
      <p>
        Priority line
        <br />
        <a className="side-header__phone" href={telHref(BRAND.priorityLine)}>
          {BRAND.priorityLine}
        </a>
      </p>
      <p className="side-header__hours">{BRAND.hours.customerCare}</p>
    </aside>
  );
}
