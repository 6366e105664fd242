import type { LoanState } from '@lender/contract/calls/loan-state';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query';
import { answerCalls } from '../../testing/answer-calls';
import { ACTIVE_LOAN_STATE as ACTIVE } from '../../testing/loan-state';
import { signIn } from '../../testing/where';
import { Page } from '../page';
import { useLoanStateDrawn } from './loan-state-banner';
import { SignedInArea } from './signed-in-area';

/** A page that draws its figures once the banner above them is drawn, as the borrow pages do. */
function FiguresPage() {
  const drawn = useLoanStateDrawn();
  return <Page heading="Repayment schedule">{drawn ? <p>Next payment £50.75</p> : <p>Loading…</p>}</Page>;
}

beforeEach(signIn);
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a signed-in page waits for where the loan stands (issue 50: nothing pushed down)', () => {
  it('draws its figures only once the banner above them has its answer', async () => {
    let answer: (state: LoanState) => void = () => undefined;
    const api = answerCalls({ getLoanState: () => new Promise<LoanState>((resolve) => (answer = resolve)) });
    render(
      <MemoryRouter initialEntries={['/borrow/schedule']}>
        <Routes>
          <Route element={<SignedInArea />}>
            <Route path="borrow/schedule" element={<FiguresPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('Loading…');
    // The figures are in hand, the banner has asked and has no answer yet: still waiting.
    await vi.waitFor(() => expect(api.to('getLoanState')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Next payment £50.75')).toBeNull();
    answer(ACTIVE);
    await screen.findByRole('region', { name: 'Where your loan stands' });
    await screen.findByText('Next payment £50.75');
    const banner = screen.getByRole('region', { name: 'Where your loan stands' });
    // The banner came first, above the figures.
    expect(
      banner.compareDocumentPosition(screen.getByText('Next payment £50.75')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('does not wait outside the signed-in area, where no banner is drawn', () => {
    render(
      <MemoryRouter>
        <FiguresPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Next payment £50.75')).toBeTruthy();
  });
});
