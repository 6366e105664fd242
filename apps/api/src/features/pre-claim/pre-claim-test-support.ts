import type { PreClaimReply } from '@lender/contract/calls/pre-claim';
import { OPS } from '../../entities/audit/actor';
import type { StaffResult } from '../../lib/staff-result';
import {
  legalFlaggedLines,
  legalListLines,
  legalShownLines,
  letterClosedLines,
} from '../../ops/legal-format';
import { defaultedPastRemedy } from '../../test/live-loan';
import { drawnText } from '../../test/pdf-drawn-text';
import type { TestApp } from '../../test/test-app';
import { legalStaff as staffOf } from './legal-staff';

export const textOf = async (bytes: Uint8Array) => (await drawnText(bytes)).flat().join(' ');

/** The legal staff service as `npm run ops -- legal` runs it (actor ops), its answers as ops prints them. */
export function legalStaff(ctx: TestApp['ctx']) {
  const staff = staffOf(ctx);
  const printed = <T>(r: StaffResult<T>, lines: (v: T) => string[]) =>
    r.ok ? { ok: true as const, lines: lines(r.value) } : r;
  return {
    flag: async (guid: string, on: boolean) => printed(await staff.flag(guid, on, OPS), legalFlaggedLines),
    list: async () => printed(await staff.list(), legalListLines),
    show: async (guid: string) => printed(await staff.show(guid), legalShownLines),
    close: async (guid: string, reason: string) =>
      printed(await staff.close(guid, reason, OPS), letterClosedLines),
  };
}

const STATEMENT = {
  dependants: 1,
  income: { wages: 1450.5, partnerWages: 0, benefits: 120, pension: 0, otherIncome: 0 },
  outgoings: {
    rent: 600,
    utility: 120,
    food: 250,
    transport: 80,
    creditCommitment: 0,
    councilTax: 110,
    healthBeauty: 0,
    recreation: 0,
    restaurants: 0,
    education: 0,
    clothingFootwear: 20,
    householdGoods: 0,
    alcoholTobacco: 0,
    communicationEntertainment: 45,
    otherOutgoing: 0,
  },
};
export const REPLY: PreClaimReply = {
  owes: 'all',
  wantsDocuments: true,
  documentsWanted: 'A copy of my agreement, please.',
  proposesInstalments: true,
  instalmentAmount: 25,
  seekingAdvice: true,
  adviserName: 'StepChange',
  financialStatement: STATEMENT,
};

/**
 * The pre-claim calls as the web app makes them, and a customer flagged legal. Takes the app through a
 * getter because a test file makes its app in `beforeAll`, after these are bound.
 */
export function preClaimTestSupport(testApp: () => TestApp) {
  const getPreClaim = (authorization: string) =>
    testApp().app.inject({ method: 'GET', url: '/api/PreClaim/GetPreClaim', headers: { authorization } });
  const submitReply = (authorization: string, payload: object) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/PreClaim/SubmitReply',
      headers: { authorization },
      payload,
    });

  /**
   * A customer whose loan defaulted after its default notice's remedy date, whom staff flag legal: the
   * Letter of Claim is issued with the flag.
   */
  async function flaggedByStaff() {
    const t = testApp();
    const loan = await defaultedPastRemedy(t);
    const outcome = await legalStaff(t.ctx).flag(loan.guid, true);
    if (!outcome.ok) throw new Error(outcome.message);
    return { ...loan, lines: outcome.lines };
  }

  return { getPreClaim, submitReply, flaggedByStaff };
}
