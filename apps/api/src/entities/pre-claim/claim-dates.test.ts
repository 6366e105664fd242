import { addDays } from '@lender/contract/dates';
import { describe, expect, it } from 'vitest';
import { noClaimBefore } from './claim-dates';

const letter = '2026-03-01';
const replyBy = addDays(letter, 30);
const base = { replyBy, seekingAdvice: false, wantsDocuments: false, documentsSentOn: null };

describe('the first day a claim could start (Pre-Action Protocol for Debt Claims)', () => {
  it('is the day after the 30 days to reply', () => {
    expect(noClaimBefore({ ...base, repliedOn: addDays(letter, 5) })).toBe(addDays(letter, 31));
  });

  it('waits 30 days after a reply saying the customer is getting debt advice', () => {
    const repliedOn = addDays(letter, 20);
    expect(noClaimBefore({ ...base, repliedOn, seekingAdvice: true })).toBe(addDays(repliedOn, 31));
  });

  it('counts 30 days from when the documents asked for are sent, from the reply at the earliest', () => {
    const repliedOn = addDays(letter, 10);
    // Not sent yet: never before 30 days from the reply (they cannot go earlier).
    expect(noClaimBefore({ ...base, repliedOn, wantsDocuments: true })).toBe(addDays(repliedOn, 31));
    const sentOn = addDays(letter, 45);
    expect(noClaimBefore({ ...base, repliedOn, wantsDocuments: true, documentsSentOn: sentOn })).toBe(
      addDays(sentOn, 31),
    );
    // Advice and documents together: whichever ends later.
    expect(
      noClaimBefore({
        ...base,
        repliedOn,
        seekingAdvice: true,
        wantsDocuments: true,
        documentsSentOn: sentOn,
      }),
    ).toBe(addDays(sentOn, 31));
  });
});
