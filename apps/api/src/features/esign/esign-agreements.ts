import { londonToday, type IsoDate } from '@lender/contract/dates';
import { sha256 } from '../../lib/secrets';
import type { AgreementFacts } from '../../documents/agreement-facts';
import { agreementDocuments } from '../../documents/documents';
import { priceForSigning } from '../../documents/price-for-signing';
import { renderHtml } from '../../documents/render-html';
import type { EsignApplication } from './esign-repository';

/** The three agreements of an application as of `today`, their HTML as served, and the hash of that HTML. */
export function agreementsFor(app: EsignApplication, wageFrequency: string, today: IsoDate) {
  const pricing = priceForSigning({
    terms: app.terms,
    dailyRate: app.dailyRate,
    acceptedOn: londonToday(new Date(app.acceptedAt)),
    today,
  });
  const { title, firstName, lastName, address, email, mobile } = app.customer;
  const facts: AgreementFacts = {
    reference: app.guid,
    today,
    customer: { fullName: [title, firstName, lastName].filter(Boolean).join(' '), address, email, mobile },
    loan: {
      amountPence: app.terms.amountPence,
      period: app.terms.period,
      wageFrequency,
      dailyRate: app.dailyRate,
    },
    pricing,
    cardLast4: app.cardLast4,
    payoutAccount: app.payoutAccount,
  };
  const documents = agreementDocuments(facts);
  const html = {
    contract1: renderHtml(documents.contract1),
    contract2: renderHtml(documents.contract2),
    contract3: renderHtml(documents.contract3),
  };
  // One hash over the three, in a form where no boundary between them can move.
  const documentsSha256 = sha256(JSON.stringify([html.contract1, html.contract2, html.contract3]));
  return { facts, documents, html, documentsSha256 };
}
