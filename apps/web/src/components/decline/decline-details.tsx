import { BRAND } from '@lender/contract/brand';
import type { AgencyParticularsView } from '@lender/contract/calls/credit-reference';
import { ApiCallError } from '../../lib/api-client';
import './decline-details.css';

/**
 * The credit reference agency a declined answer names (Consumer Credit Act s157), read from the refusal's
 * `object` as untrusted data: null when the decline rested on our own rules, or the answer is not one.
 */
export function agencyOfDecline(err: unknown): AgencyParticularsView | null {
  const object = err instanceof ApiCallError ? err.object : null;
  const agency = (object as { creditReferenceAgency?: unknown } | null)?.creditReferenceAgency;
  if (!agency || typeof agency !== 'object') return null;
  const a = agency as Record<string, unknown>;
  const lines = a.postalAddress;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  if (!text(a.name) || !text(a.phone) || !text(a.web) || !Array.isArray(lines)) return null;
  return {
    name: a.name as string,
    postalAddress: lines.filter((l): l is string => typeof l === 'string'),
    phone: a.phone as string,
    web: a.web as string,
  };
}

/**
 * What every decline page says after the spec's thank-you (issue 47): which credit reference agency's
 * information counted, if one did, and how to get the file from it free; and that a person can review the
 * automated decision (UK GDPR Art. 22).
 */
export function DeclineDetails({ agency }: { agency: AgencyParticularsView | null }) {
  return (
    <>
      {agency ? (
        <div className="decline-agency">
          <p>
            Information from a credit reference agency counted in this decision. You can get a copy of your
            credit file from the agency free of charge, and ask it to correct anything that is wrong:
          </p>
          <address>
            <strong>{agency.name}</strong>
            {agency.postalAddress.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>
              Phone: <a href={`tel:${agency.phone.replace(/\s+/g, '')}`}>{agency.phone}</a>
            </span>
            <span>
              <a href={agency.web} rel="noopener noreferrer">
                {agency.web.replace(/^https?:\/\//, '')}
              </a>
            </span>
          </address>
        </div>
      ) : null}
      <p>
        This decision was made by our automated checks. You can ask for a person to review it: call us on{' '}
        <a href={`tel:${BRAND.supportPhone.replace(/\s+/g, '')}`}>{BRAND.supportPhone}</a> or e-mail{' '}
        <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>.
      </p>
    </>
  );
}
