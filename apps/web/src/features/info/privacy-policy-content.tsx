import { BRAND } from '@lender/contract/brand';
import { Link } from 'react-router';
import { ExternalLink } from './external-link';
import { ScrollTable } from './scroll-table';

/**
 * The current policy and the published draft of the next one share this text, so a change made to one
 * cannot silently miss the other; the draft's differences are the `draft` branches below.
 */
export const PRIVACY_VERSIONS = {
  current: { version: '3.0', date: '1 September 2026' },
  draft: { version: '4.0', date: '1 February 2027' },
} as const;

const PURPOSES = [
  {
    purpose: 'Assessing your application: identity, creditworthiness and affordability checks',
    basis: 'Necessary to enter into a contract with you; legal obligation (FCA rules on lending)',
  },
  {
    purpose: 'Preventing and detecting fraud and money laundering',
    basis: 'Legal obligation; legitimate interests in protecting you, us and other lenders',
  },
  {
    purpose: 'Paying out your loan, collecting repayments and managing your account',
    basis: 'Necessary to perform our contract with you',
  },
  {
    purpose: 'Reporting how you repay to credit reference agencies',
    basis: 'Legitimate interests in responsible lending across the market; legal obligation',
  },
  {
    purpose: 'Helping you if you are in financial difficulty or a vulnerable situation',
    basis:
      'Legal obligation (FCA rules); for health information, your explicit consent or substantial public interest',
  },
  {
    purpose: 'Handling complaints and meeting regulators’ requests',
    basis: 'Legal obligation',
  },
  {
    purpose: 'Knowing which partner or campaign introduced you, and paying that partner',
    basis: 'Legitimate interests in running and measuring our business',
  },
  {
    purpose: 'Sending you news and offers',
    basis: 'Your consent, which you can withdraw at any time',
  },
] as const;

export function PrivacyPolicyContent({ draft = false }: { draft?: boolean }) {
  const declinedRetention = draft ? '6 months' : '12 months';
  return (
    <div className="prose">
      <h2>Who we are</h2>
      <p>
        {BRAND.legalName}, trading as {BRAND.name}, is the controller of your personal data under the UK
        General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Our registered office
        is {BRAND.registeredAddress} (company number {BRAND.companyNumber}). We are registered with the
        Information Commissioner&apos;s Office (ICO).
      </p>
      <p>
        You can contact our Data Protection Officer by e-mail at{' '}
        <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a> (write &lsquo;Data Protection
        Officer&rsquo; in the subject line) or by post at the address above.
      </p>

      <h2>The information we collect</h2>
      <h3>From you</h3>
      <ul>
        <li>
          Identity and contact details: title, name, date of birth, e-mail address, mobile number and your
          current and previous addresses.
        </li>
        <li>
          Financial details: income and how often you are paid, employment, household and residential status,
          number of dependants, monthly spending, the reason for the loan, your bank account and your debit
          card.
        </li>
        <li>
          Records of our dealings with you: your agreement and how you signed it, payments, messages, and
          calls, which we record for training, quality and to keep an accurate record.
        </li>
        <li>
          Information about your circumstances that you choose to share, such as health or financial
          difficulty, so that we can support you.
        </li>
      </ul>
      <h3>From others</h3>
      <ul>
        <li>
          Credit reference agencies: your credit history, public records, and identity and address checks.
        </li>
        <li>Fraud prevention agencies: information about fraud or other financial crime.</li>
        <li>
          The partner website that introduced you, if you arrived through one: the details you gave them and
          the offer they passed on.
        </li>
      </ul>
      <h3>Automatically</h3>
      <p>
        Your IP address, device and browser type, the time of your visits, and which partner or campaign link
        brought you to us. We use this for security, fraud prevention and to keep this website working. Read
        exactly what your browser stores in our <Link to="/info/cookies">cookies</Link> page.
      </p>

      <h2>How we use your information, and our lawful basis</h2>
      <ScrollTable caption="Why we use your personal data and the lawful basis for each use" wrap>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Lawful basis</th>
          </tr>
        </thead>
        <tbody>
          {PURPOSES.map((p) => (
            <tr key={p.purpose}>
              <th scope="row">{p.purpose}</th>
              <td>{p.basis}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>

      <h2>Automated decisions</h2>
      <p>
        To give you a decision in minutes, we use automated scoring that weighs your application, credit file
        and affordability against our lending criteria. It may decide to decline an application without a
        person being involved. We do this because it is necessary to enter into a loan agreement with you. You
        have the right to ask for a person to review an automated decision, to give your point of view and to
        challenge the decision: contact us within 30 days of it.
      </p>
      {draft ? (
        <p>
          When we tell you an automated decision, we will also tell you the main factors behind it, such as
          affordability, the information on your credit file or a failed identity check.
        </p>
      ) : null}

      <h2 id="credit-reference-agencies">Credit reference agencies</h2>
      <p>
        To process your application we will share your personal information with credit reference agencies
        (CRAs): Experian, Equifax and TransUnion. They give us information about your financial situation and
        history, and public information such as the electoral register. We use it to check you can afford the
        loan, to verify your identity, to prevent crime and to manage your account.
      </p>
      <p>
        While you have a loan with us we will continue to share information about it with the CRAs, including
        your balance, the payments you make and any missed payments. Other organisations may see this when
        they search your file, and it stays on your file for 6 years after the loan ends.
      </p>
      <p>
        When you apply, we run a soft search (a quotation search) before we give you a quote: it does not
        affect your credit score, and other lenders cannot see it. Before we make a loan agreement with you we
        run a hard search (an application search): the CRA records it, and other lenders can see it. A search
        made in the last 30 days may be used again instead of a new one. The searches we made are listed in
        your account, under Credit searches. You can get a copy of your credit file free of charge from each
        CRA, and ask it to correct anything that is wrong.
      </p>
      <p>
        The identities of the CRAs, their role as fraud prevention agencies, the data they hold, the ways they
        use and share it, how long they keep it and your rights with them are explained in more detail in the
        Credit Reference Agency Information Notice (CRAIN), available from each agency:
      </p>
      <ul>
        <li>
          <ExternalLink href="https://www.experian.co.uk/crain">
            Experian&apos;s information notice
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href="https://www.equifax.co.uk/crain">
            Equifax&apos;s information notice
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href="https://www.transunion.co.uk/crain">
            TransUnion&apos;s information notice
          </ExternalLink>
        </li>
      </ul>

      <h2 id="open-banking">Open banking</h2>
      <p>
        When you choose to connect your bank (or when we need it to confirm your income), your bank asks you to
        let us read your accounts, their balances and 90 days of transactions, through an authorised open
        banking provider. We read them once, to confirm your income and your regular spending, and to see
        signs that a loan would not be affordable, such as returned direct debits, gambling or repayments to
        other short-term lenders. We cannot move money or see your log-in details.
      </p>
      <p>
        Your permission lasts at most 90 days; you can end it at any time in your account under Bank
        connections, or with your bank. We delete the transactions 30 days after our decision and keep only the
        figures we worked out from them (such as your monthly income) with your application.
      </p>

      <h2>Fraud prevention agencies</h2>
      <p>
        Before we lend, we check your details with fraud prevention agencies, including Cifas, to prevent
        fraud and money laundering and to verify your identity. If we, or a fraud prevention agency, decide
        that you pose a fraud or money laundering risk, we may refuse to lend to you, and the agency will keep
        a record that may lead others to refuse you services, finance or employment. Fraud prevention agencies
        can hold your data for up to 6 years. You can read how Cifas uses your data in its{' '}
        <ExternalLink href="https://www.cifas.org.uk/fpn">fair processing notice</ExternalLink>.
      </p>

      <h2>Who else we share your information with</h2>
      <ul>
        {draft ? (
          <li>
            Service providers acting on our instructions, each bound by contract to protect your data:
            <ul>
              <li>our hosting provider, which stores our systems and data in the United Kingdom;</li>
              <li>our e-mail and SMS delivery providers, for verification codes and messages to you;</li>
              <li>our card payment provider, which checks your card and takes card repayments;</li>
              <li>our address lookup provider, which completes your address from your postcode.</li>
            </ul>
          </li>
        ) : (
          <li>
            Service providers who run parts of our service for us, such as hosting, e-mail and SMS delivery,
            card payments and address lookup, under contracts that require them to protect your data.
          </li>
        )}
        <li>
          The partner that introduced you, to tell them whether a loan was made so that we can pay them.
        </li>
        <li>
          Debt collection agencies, or a buyer of your debt, if you do not repay as agreed; we tell you first.
        </li>
        <li>
          A debt advice charity or someone acting for you, such as a family member or representative, with
          your permission.
        </li>
        <li>
          The Financial Conduct Authority, the Financial Ombudsman Service, HM Revenue &amp; Customs, the
          police and other bodies where the law requires it.
        </li>
      </ul>
      <p>We never sell your personal information.</p>

      <h2>Transfers outside the UK</h2>
      <p>
        We keep your data in the United Kingdom. If a provider needs to process it elsewhere, we will only
        allow this where the country has UK adequacy regulations or where we have put in place the safeguards
        the law requires, such as the ICO&apos;s International Data Transfer Agreement.
      </p>

      <h2>How long we keep your information</h2>
      <ul>
        <li>
          Applications that do not lead to a loan (declined, withdrawn or not completed): {declinedRetention}{' '}
          from the date of the application, to answer questions about it and to prevent fraud.
        </li>
        <li>
          Customers with a loan: 6 years after your last loan is repaid or closed, because we may need the
          records to deal with legal claims and regulatory enquiries.
        </li>
        <li>Call recordings: 6 years from the date of the call.</li>
        <li>
          Your marketing preferences: until you withdraw consent, and a record that you did so afterwards.
        </li>
      </ul>

      <h2>Your rights</h2>
      <p>Under data protection law you have the right to:</p>
      <ul>
        <li>be told how we use your information, which is the purpose of this policy;</li>
        <li>have a copy of the personal information we hold about you;</li>
        <li>have inaccurate or incomplete information corrected;</li>
        <li>
          have your information deleted, where we no longer have a lawful reason to keep it (we must keep loan
          records for the periods above);
        </li>
        <li>
          restrict or object to our use of your information, including for direct marketing at any time;
        </li>
        <li>
          receive information you gave us in a machine-readable format, or have it sent to another company;
        </li>
        <li>ask for a person to review an automated decision;</li>
        <li>withdraw your consent where we rely on it, without affecting what we did before.</li>
      </ul>
      <p>
        To use any of these rights, contact us as shown above. It is free, and we will reply within one month.
        We may ask you to prove your identity first.
      </p>

      <h2>Marketing</h2>
      <p>
        We only send you news and offers by e-mail or SMS if you ticked the box to agree when you applied.
        Every message includes a way to unsubscribe, or you can tell us at any time. We never pass your
        details to other companies for their marketing.
      </p>

      <h2>Keeping your information safe</h2>
      <p>
        Your data travels over encrypted connections, access is limited to staff who need it, passwords are
        stored in a form no one can read, and we do not keep your card security code. We will never ask you
        for your password by phone or e-mail.
      </p>

      <h2>Complaints</h2>
      {draft ? (
        <p>
          If you are unhappy with how we have used your information, please complain to us first, as shown
          above. We will acknowledge your complaint within 30 days and tell you the outcome without undue
          delay.
        </p>
      ) : (
        <p>
          If you are unhappy with how we have used your information, please tell us first, as shown above.
        </p>
      )}
      <p>
        You also have the right to complain to the Information Commissioner&apos;s Office, the UK regulator
        for data protection: <ExternalLink href="https://ico.org.uk">ico.org.uk</ExternalLink>, helpline 0303
        123 1113, or Information Commissioner&apos;s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire
        SK9 5AF.
      </p>

      <h2>Changes to this policy</h2>
      {draft ? (
        <p>
          This draft replaces our <Link to="/info/privacy-policy">current privacy policy</Link> on{' '}
          {PRIVACY_VERSIONS.draft.date}. We will tell customers with a loan about the change by e-mail before
          then.
        </p>
      ) : (
        <p>
          We publish a new version here in advance whenever it changes, and tell customers with a loan by
          e-mail. The next version takes effect on {PRIVACY_VERSIONS.draft.date}: you can{' '}
          <Link to="/info/privacy-policy-draft">read the draft of the next version</Link> now.
        </p>
      )}
    </div>
  );
}
