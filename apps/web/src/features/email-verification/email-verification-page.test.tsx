import { TIMINGS } from '@lender/contract/timings';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api-client';
import { queryClient } from '../../lib/query';
import { Component as EmailVerificationPage } from './email-verification-page';
import { Where } from '../../testing/where';
import { answerCalls } from '../../testing/answer-calls';

let api: ReturnType<typeof answerCalls>;

const GUID = 'b7f9c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const LINK = `/emailverification?guid=${GUID}&verification=tok-123`;
let answer: () => unknown;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answer = () => ({ verified: true });
  api = answerCalls({ checkEmailVerification: () => answer() });
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

const visit = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/emailverification" element={<EmailVerificationPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const notConfirmed = 'Verification not confirmed, request new verification email.';

describe('E-mail verification page', () => {
  it('checks the link once, says it is verified and returns to e-sign after 1 s', async () => {
    visit(LINK);
    expect(await screen.findByText('Verified, can close this page.')).toBeTruthy();
    expect(api.sent.map((c) => [c.name, c.input])).toEqual([
      ['checkEmailVerification', { guid: GUID, verification: 'tok-123' }],
    ]);
    // Half way, not just short of it: the fake clock also moves with real time (shouldAdvanceTime).
    await wait(TIMINGS.verifiedReturnMs / 2);
    expect(screen.queryByTestId('where')).toBeNull();
    await wait(TIMINGS.verifiedReturnMs / 2);
    expect(screen.getByTestId('where').textContent).toBe(`/loan/stage5/${GUID}`);
  });

  it('says a used or replaced link is not confirmed, with a way back to the loan', async () => {
    answer = () => ({ verified: false });
    visit(LINK);
    expect(await screen.findByText(notConfirmed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your loan' }).getAttribute('href')).toBe(
      `/loan/stage5/${GUID}`,
    );
    await wait(TIMINGS.verifiedReturnMs * 3);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('says the same when the check is refused', async () => {
    answer = () => {
      throw new ApiCallError({ errorID: 400, errorMessage: 'Invalid link.' }, 400);
    };
    visit(LINK);
    expect(await screen.findByText(notConfirmed)).toBeTruthy();
  });

  it('does not ask about a link without its guid, and leads home instead', async () => {
    visit('/emailverification?verification=tok-123');
    expect(await screen.findByText(notConfirmed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(api.sent).toEqual([]);
  });
});
