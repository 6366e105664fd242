import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { INFO_GROUPS, LISTED_INFO_PAGES } from './info-pages';

export function Component() {
  return (
    <Page
      heading="Information"
      lead={`Everything you should know before, during and after borrowing from ${BRAND.name}, in plain English.`}
    >
      <p className="prose">
        A small loan is expensive credit. These pages explain what it costs, the checks we make, the help
        available if money is tight and the rules we follow. If you cannot find an answer, our{' '}
        <Link to="/info/troubleshooting#contact">customer care team</Link> is happy to help.
      </p>
      {INFO_GROUPS.map((group) => (
        <section key={group} aria-labelledby={headingId(group)}>
          <h2 id={headingId(group)}>{group}</h2>
          <ul className="info-cards">
            {LISTED_INFO_PAGES.filter((p) => p.group === group).map((p) => (
              <li key={p.slug} className="card">
                <h3>
                  <Link to={`/info/${p.slug}`}>{p.title}</Link>
                </h3>
                <p>{p.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}

const headingId = (group: string) => `info-group-${group.toLowerCase().replace(/\s+/g, '-')}`;
