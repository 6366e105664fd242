import { BRAND, telHref } from '@lender/contract/brand';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from './external-link';
import type { FaqTopicSlug } from './faq-topics';
import { DAILY_RATE, DEFAULT_FEE_MAX } from './pricing-figures';

type Faq = { question: string; answer: ReactNode };

const phone = <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a>;

export const FAQ_ANSWERS: Record<FaqTopicSlug, readonly Faq[]> = {
  'general-questions': [
    {
      question: `Who are ${BRAND.name}?`,
      answer: (
        <p>
          {BRAND.name} is a trading name of {BRAND.legalName}, a UK direct lender authorised and regulated by
          the Financial Conduct Authority (Firm Reference Number {BRAND.firmReferenceNumber}). We decide on
          your application ourselves and lend our own money. Read more in{' '}
          <Link to="/info/our-commitment">our commitment</Link>.
        </p>
      ),
    },
    {
      question: 'Who can apply?',
      answer: (
        <>
          <p>You can apply if you:</p>
          <ul>
            <li>are 18 or over;</li>
            <li>live in England or Wales;</li>
            <li>have a regular income of at least £100 a month after tax;</li>
            <li>have a UK bank account and a debit card in your own name;</li>
            <li>have a mobile phone number and an e-mail address.</li>
          </ul>
        </>
      ),
    },
    {
      question: 'How much can I borrow, and for how long?',
      answer: (
        <p>
          From £1 to £1,000. An instalment loan is repaid in equal monthly payments over 2 to 6 months; a
          short-term loan is repaid in one payment after about a month. How much we can offer depends on our
          affordability checks. Returning customers can apply for a new loan from their account once the
          previous one has ended.
        </p>
      ),
    },
    {
      question: 'How much will a loan cost?',
      answer: (
        <p>
          We charge simple interest at a fixed {DAILY_RATE} per day on the amount you still owe, and no fees.
          By law you will never repay more than twice what you borrowed. The{' '}
          <Link to="/info/costs">costs page</Link> has worked examples and our representative example.
        </p>
      ),
    },
    {
      question: 'Do you charge any fees?',
      answer: (
        <p>
          No fee to apply, no fee if we decline you, and no fee for repaying early. The only charge besides
          interest is a one-off default charge of at most {DEFAULT_FEE_MAX} if a repayment is missed. We never
          ask for money before paying out a loan: anyone who does is not us.
        </p>
      ),
    },
    {
      question: 'Will applying affect my credit score?',
      answer: (
        <p>
          When you apply, we search your credit file with credit reference agencies. The search is recorded on
          your file and other lenders can see it, although it does not show whether you were approved. Several
          applications in a short time can make lenders more cautious, so apply only for credit you need. If
          you are a returning customer, checking your eligibility for a special offer does not affect your
          credit score.
        </p>
      ),
    },
    {
      question: 'Are you a broker?',
      answer: (
        <p>
          No. We are a direct lender: we do not pass your application to other lenders, and we never charge a
          broker fee. Some customers reach us through partner websites, but the decision and the loan are
          always ours.
        </p>
      ),
    },
  ],

  'application-form-questions': [
    {
      question: 'What do I need to apply?',
      answer: (
        <p>
          About 10 minutes, your address (and your previous one if you moved recently), your monthly income
          after tax and how often you are paid, your regular spending, your employer&apos;s name, a debit card
          and your bank sort code and account number. Everything is entered online; there are no forms to
          post.
        </p>
      ),
    },
    {
      question: 'What is the pre-approval quote?',
      answer: (
        <p>
          After the first page, we give you a quote in about 60 seconds. It shows how long you repay over,
          each payment, the total interest, the Representative APR and the total you will repay. You can
          change the amount, the number of instalments, your repayment date or how often you are paid, press
          Calculate to see the new figures, and accept when you are happy. A quote is subject to our full
          affordability assessment.
        </p>
      ),
    },
    {
      question: 'How do I choose my first repayment date?',
      answer: (
        <p>
          Choose a weekday between 6 and 45 days from today, ideally the day you are paid or just after it.
          Later repayments follow your pay pattern: for example, if you are paid on the last working day of
          the month, each repayment falls on that day. For some pay patterns we fill in the date for you.
        </p>
      ),
    },
    {
      question: 'Why do you need my debit card details?',
      answer: (
        <p>
          At step 2 we check that the card is valid and in your name; we do not take any money. The card is
          then used to collect your repayments on their due dates under a continuous payment authority, which
          you agree to on that page. You can cancel this authority at any time by contacting us or your bank.
        </p>
      ),
    },
    {
      question: 'Why do you ask about my spending?',
      answer: (
        <p>
          The law requires us to check that you can afford the repayments without hardship. At step 3 you tell
          us what you spend each month in 15 categories, from rent and bills to food, transport and other
          credit. Please be as accurate as you can: guessing low could lead to a loan you cannot afford. At
          least 3 categories must be more than zero.
        </p>
      ),
    },
    {
      question: 'Why do you need my bank details?',
      answer: (
        <p>
          At step 4 you give us the sort code and account number of a UK current account in your name. That is
          where we send your money. We do not collect repayments from your bank account by Direct Debit.
        </p>
      ),
    },
    {
      question: 'How do I sign my loan agreement?',
      answer: (
        <>
          <p>
            At the last step you read your Loan Agreement, the Adequate Explanation and the Pre-Contract
            Credit Information. We then send you two codes to confirm it is you: one by SMS and a link by
            e-mail. Enter the SMS code, open the e-mail link, tick the two confirmation boxes and press
            &lsquo;Let’s Proceed&rsquo;.
          </p>
          <p>
            Codes not arriving? See <Link to="/info/troubleshooting">troubleshooting</Link>.
          </p>
        </>
      ),
    },
    {
      question: 'I made a mistake on my application. What should I do?',
      answer: (
        <p>
          Call us on {phone} before you sign your agreement and we will correct it. Please do not start a
          second application, as it means a second search on your credit file.
        </p>
      ),
    },
  ],

  'underwriting-questions': [
    {
      question: 'What is underwriting?',
      answer: (
        <p>
          Underwriting is our final review of your application after you have signed. We confirm your
          identity, check what you told us against your credit file and other data, and make sure the loan is
          affordable. Our underwriting team works from 09:00 to 21:00, 7 days a week.
        </p>
      ),
    },
    {
      question: 'How long does a decision take?',
      answer: (
        <p>
          Most applications completed during underwriting hours get a final decision the same day.
          Applications completed after 21:00 are reviewed from 09:00 the next morning. We tell you the outcome
          by e-mail; you do not need to call us.
        </p>
      ),
    },
    {
      question: 'What checks do you make?',
      answer: (
        <ul>
          <li>a credit search with one or more credit reference agencies;</li>
          <li>identity and anti-money-laundering checks;</li>
          <li>fraud prevention checks;</li>
          <li>an affordability assessment of your income, spending and other credit;</li>
          <li>a review of any previous loans you have had with us.</li>
        </ul>
      ),
    },
    {
      question: 'Why have you asked me for documents?',
      answer: (
        <p>
          Sometimes the information we hold does not confirm your income or identity clearly enough. We may
          then ask for a recent payslip, a bank statement or proof of identity. We will tell you exactly what
          we need and how to send it securely. We never ask for your online banking password.
        </p>
      ),
    },
    {
      question: 'Why was my application declined?',
      answer: (
        <p>
          We decline when our checks show the loan may not be affordable or sustainable for you, when we
          cannot confirm your details, or when you do not meet our lending criteria. If the decision was based
          on information from a credit reference agency, you can ask us which agency, and you can get your
          credit file from it free of charge to check it is correct.
        </p>
      ),
    },
    {
      question: 'Can I apply again after being declined?',
      answer: (
        <p>
          You may be eligible to reapply in future, but we suggest waiting until your circumstances have
          changed: repeated applications add searches to your credit file without changing the outcome. If you
          are declined because money is tight, free advice from{' '}
          <ExternalLink href={BRAND.moneyHelperUrl}>MoneyHelper</ExternalLink> may help more than a loan.
        </p>
      ),
    },
    {
      question: 'Will a decline show on my credit file?',
      answer: (
        <p>
          The search we made shows on your file. The decision to decline does not, and other lenders cannot
          see why you were declined.
        </p>
      ),
    },
  ],

  'post-contract-repayment-questions': [
    {
      question: 'When will I receive my money?',
      answer: (
        <p>
          Within 15 minutes of your approval e-mail, by Faster Payment into the bank account you gave us. Most
          banks show it straight away; a few hold new payments for a short time for security.
        </p>
      ),
    },
    {
      question: 'How do I make my repayments?',
      answer: (
        <>
          <p>
            We collect each repayment from your debit card on its due date, so you do not need to do anything
            as long as the money is in your account. You can also pay yourself at any time:
          </p>
          <ul>
            <li>by card: sign in, open Payments and choose &lsquo;Make a payment&rsquo;;</li>
            <li>by bank transfer, using the details shown on your repayment schedule.</li>
          </ul>
        </>
      ),
    },
    {
      question: 'Can I repay early?',
      answer: (
        <p>
          Yes, in full or in part, whenever you like and free of charge. You only pay interest for the days
          you had the money, so repaying early always saves you money. A part payment must be at least 10% of
          the total due.
        </p>
      ),
    },
    {
      question: 'Can I change my repayment date?',
      answer: (
        <p>
          Yes. Sign in, open Payments and choose &lsquo;Re schedule&rsquo;. You can spread what you owe over
          up to 3 payments, with the next payment no later than the last day of the month after next. The new
          schedule shows every payment before you accept it. Interest still builds up only on what you owe, at
          your loan&apos;s rate.
        </p>
      ),
    },
    {
      question: 'What happens if I miss a repayment?',
      answer: (
        <>
          <p>
            Please contact us before the due date if you think you will miss it: we can usually move the
            payment. If a payment is missed:
          </p>
          <ul>
            <li>we may add a one-off default charge of no more than {DEFAULT_FEE_MAX};</li>
            <li>
              interest continues at no more than your loan&apos;s rate, and your total charges can never go
              above the amount you borrowed;
            </li>
            <li>we will not try to collect from your card more than twice after a failed payment;</li>
            <li>
              the missed payment is reported to credit reference agencies, which can make borrowing harder.
            </li>
          </ul>
          <p>
            Read about the help we offer on our{' '}
            <Link to="/info/responsible-lending">responsible lending</Link> page.
          </p>
        </>
      ),
    },
    {
      question: 'How do I change the card my repayments come from?',
      answer: (
        <p>
          Sign in and open <Link to="/borrow/update-card">Update card</Link>. Enter your new debit card&apos;s
          details; we check it in the same way as at your application. If your card has expired or been
          cancelled, your account shows a notice and online payments are unavailable until you add a new card.
          Your repayments are still due, so please do this straight away.
        </p>
      ),
    },
    {
      question: 'Where can I see what I owe?',
      answer: (
        <p>
          Sign in and open <Link to="/borrow/schedule">Payments</Link> for your repayment schedule and every
          transaction. <Link to="/borrow">Borrowing Summary</Link> shows your loan status and a summary of the
          last 12 months, which you can download.
        </p>
      ),
    },
    {
      question: 'Can I borrow again?',
      answer: (
        <p>
          Once your loan has ended, you can apply for a new loan from your Borrowing Summary with your details
          filled in for you. We repeat all our checks every time, and we will never lend to repay an existing
          loan.
        </p>
      ),
    },
  ],
};
