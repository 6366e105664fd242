import { formatPence } from '@lender/contract/money';
import type {
  LegalAccount,
  LegalFlagged,
  LegalShown,
  LetterClosed,
  LetterView,
} from '../features/pre-claim/legal-staff';

const stateOf = (l: LetterView) =>
  l.state === 'open'
    ? `waiting for a reply by ${l.replyBy}`
    : l.state === 'replied'
      ? `replied on ${l.reply?.submittedOn}: legal steps paused until staff close it; no claim before ${l.reply?.noClaimBefore}`
      : `closed on ${l.closedOn} (${l.closedReason}${l.closedBy ? `, by ${l.closedBy}` : ''})`;

/** `ops legal <guid> on|off`. */
export function legalFlaggedLines(f: LegalFlagged): string[] {
  if (!f.on) return [`${f.guid}: the account is no longer flagged legal; any letter in progress is closed.`];
  return [
    `${f.guid}: the account is flagged legal (Pre Claim shows from the customer's next sign-in).`,
    f.letter.issued
      ? `Letter of Claim issued for ${formatPence(f.letter.amountPence)}; reply by ${f.letter.replyBy}.`
      : `No new Letter of Claim: ${f.letter.reason}`,
  ];
}

/** `ops legal list`: each flagged account and where its newest letter stands. */
export function legalListLines(accounts: readonly LegalAccount[]): string[] {
  return [
    `${accounts.length} account(s) flagged legal.`,
    ...accounts.map(
      (a) =>
        `${a.guid ?? '(no letter)'}  ${a.name}  ${a.letter ? stateOf(a.letter) : 'no Letter of Claim yet'}`,
    ),
  ];
}

/** `ops legal show <guid>`: the flag (and who last set it), every letter and its reply. */
export function legalShownLines(s: LegalShown): string[] {
  const lines = [`${s.guid}  ${s.name}  ${s.isLegal ? 'flagged legal' : 'not flagged legal'}`];
  if (s.lastFlag) {
    lines.push(`Flag turned ${s.lastFlag.on ? 'on' : 'off'} by ${s.lastFlag.by} at ${s.lastFlag.at}.`);
  }
  if (s.letters.length === 0) lines.push('No Letter of Claim.');
  for (const l of s.letters) {
    lines.push(
      `Letter of Claim ${l.id} of ${l.issuedOn} (agreement ${l.applicationId}), issued by ${l.issuedBy}: ${formatPence(l.amountPence)}; ${stateOf(l)}.`,
    );
    const r = l.reply;
    if (r) {
      lines.push(
        `  Reply: owes ${r.owes}${r.partAmountPence ? ` (${formatPence(r.partAmountPence)})` : ''}; ` +
          `documents wanted: ${r.wantsDocuments ? 'yes' : 'no'}; instalments offered: ${r.instalmentPence !== null ? formatPence(r.instalmentPence) + ' a month' : 'no'}; ` +
          `getting debt advice: ${r.seekingAdvice ? 'yes' : 'no'}.`,
        `  The reply is document ${r.documentId}${r.statementDocumentId ? `, its Financial Statement document ${r.statementDocumentId}` : ''}.`,
      );
    }
  }
  return lines;
}

/** `ops legal close <guid>`. */
export const letterClosedLines = (c: LetterClosed) => [
  `${c.guid}: Letter of Claim ${c.letterId} closed (${c.reason}).`,
];
