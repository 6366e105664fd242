import { BRAND } from '@lender/contract/brand';
import { Page } from '../../../components/page';
import { PRIVACY_VERSIONS, PrivacyPolicyContent } from '../privacy-policy-content';

export function Component() {
  const { version, date } = PRIVACY_VERSIONS.current;
  return (
    <Page
      heading="Privacy policy"
      lead={`How ${BRAND.name} collects, uses, shares and protects your personal information, and your rights over it.`}
    >
      <p className="info-meta">
        Version {version}, in effect since {date}.
      </p>
      <PrivacyPolicyContent />
    </Page>
  );
}
