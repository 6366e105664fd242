import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { PRIVACY_VERSIONS, PrivacyPolicyContent } from '../privacy-policy-content';

export function Component() {
  const { version, date } = PRIVACY_VERSIONS.draft;
  return (
    <Page
      heading="Privacy policy: next version (draft)"
      lead={`This is a draft of the next version of our privacy policy. It takes effect on ${date}.`}
    >
      {/* Not a second policy for search engines to offer: only the one in effect is indexed. */}
      <meta name="robots" content="noindex" />
      <div className="banner banner--info prose">
        <p>
          <strong>Draft, not yet in effect.</strong> Version {version} applies from {date}. Until then our{' '}
          <Link to="/info/privacy-policy">current privacy policy</Link> (version{' '}
          {PRIVACY_VERSIONS.current.version}) applies.
        </p>
      </div>
      <div className="prose">
        <h2>What is changing</h2>
        <ul>
          <li>
            <strong>Shorter retention of applications that do not lead to a loan:</strong> we will keep them
            for 6 months instead of 12 months.
          </li>
          <li>
            <strong>Service providers:</strong> we now list each kind of provider that handles your data for
            us and say where your data is stored.
          </li>
          <li>
            <strong>Automated decisions:</strong> we will tell you the main factors behind an automated
            decision.
          </li>
          <li>
            <strong>Data protection complaints:</strong> we set out how we acknowledge and answer a complaint
            about how we use your information.
          </li>
        </ul>
        <p>Nothing else changes. The full text of version {version} follows.</p>
      </div>
      <PrivacyPolicyContent draft />
    </Page>
  );
}
