import { formatDisplayDate } from '@lender/contract/dates';
import type { AgreementFacts } from './agreement-facts';
import type { Block } from './blocks';

/** Whom a document was made for, and for which day: the pre-contract documents name no parties otherwise. */
export const preparedFor = ({ customer, today }: AgreementFacts): Block => ({
  kind: 'paragraph',
  text: `Prepared for ${customer.fullName}, ${customer.address}, on ${formatDisplayDate(today)}.`,
});

/**
 * What changed since the customer accepted the quote, said at the top of every document so the figures
 * that differ from the quote are never a surprise.
 */
export function repricingNotice({ pricing, today }: AgreementFacts): Block[] {
  const blocks: Block[] = [];
  if (pricing.repriced) {
    blocks.push({
      kind: 'paragraph',
      important: true,
      text:
        `The figures in this document are for a loan paid out today, ${formatDisplayDate(today)}, not on ` +
        `${formatDisplayDate(pricing.acceptedOn)}, the day you accepted your quote. Interest runs from the day ` +
        'you receive the money, so they are not the same as the figures in that quote.',
    });
  }
  if (pricing.firstDateMoved) {
    const from = formatDisplayDate(pricing.acceptedRepaymentDate);
    blocks.push({
      kind: 'paragraph',
      important: true,
      text:
        `Your first repayment date has moved from ${from} to ${formatDisplayDate(pricing.price.repaymentDate)}. ` +
        `A loan paid out today cannot start its repayments on ${from}, so we have used the next date that ` +
        'fits your pay cycle.',
    });
  }
  return blocks;
}
