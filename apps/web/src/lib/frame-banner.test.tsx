import type { LoanState } from '@lender/contract/calls/loan-state';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Page } from '../components/page';
import { SignedInArea } from '../components/loan-state/signed-in-area';
import { answerCalls } from '../testing/answer-calls';
import { ACTIVE_LOAN_STATE as ACTIVE, LEGAL_LOAN_STATE as LEGAL } from '../testing/loan-state';
import { signIn } from '../testing/where';
import { drawLoanStateInFrame } from './frame-banner';
import { FrameContext } from './frame';
import { queryClient } from './query';

const tree = (path: string) => (
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route element={<SignedInArea />}>
        <Route path="*" element={<Page heading="Repayment schedule" />} />
      </Route>
    </Routes>
  </MemoryRouter>
);

/** The page's frame as its route shell has it: drawn at build time, in a root marked as a frame. */
function frameAt(path: string) {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.frame = '';
  root.innerHTML = renderToString(<FrameContext value>{tree(path)}</FrameContext>);
  document.body.append(root);
  return root;
}

const banner = () => screen.queryByRole('region', { name: 'Where your loan stands' });

beforeAll(() => SignedInArea.preload());
beforeEach(signIn);
afterEach(() => {
  document.getElementById('root')?.remove();
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe("where the loan stands, in a signed-in page's frame (issue 50)", () => {
  /** The banner the frame shows once filled, and the one React then draws in its place: the same. */
  async function framedThenDrawn(state: LoanState, path: string) {
    frameAt(path);
    expect(banner()).toBeNull();
    drawLoanStateInFrame(state, path);
    const drawn = banner()!;
    const seen = (b: HTMLElement) => ({ text: b.textContent, look: b.className, state: b.dataset.state });
    const framed = seen(drawn);
    document.getElementById('root')!.remove();
    answerCalls({ getLoanState: () => state });
    render(tree(path));
    const own = await screen.findByRole('region', { name: 'Where your loan stands' });
    expect(seen(own)).toEqual(framed);
    return own;
  }

  it('is hidden and empty in the frame, and drawn from the early answer as React draws it', async () => {
    const own = await framedThenDrawn(LEGAL, '/borrow/schedule');
    expect(within(own).getByText(LEGAL.statusLine)).toBeTruthy();
    expect(within(own).getByRole('link', { name: 'Read the letter and reply' }).getAttribute('href')).toBe(
      '/pre-claim',
    );
    expect(within(own).queryByRole('term')).toBeNull();
  });

  it("writes the state's figure under its name, as React draws it (the borrow page's first figure)", async () => {
    const own = await framedThenDrawn(ACTIVE, '/borrow');
    expect(within(own).getByRole('term').textContent).toBe('Next payment');
    expect(within(own).getByRole('definition').textContent).toBe('£113.40 on 20-12-2026');
  });

  it('leaves out the link to the page it is on', () => {
    frameAt('/pre-claim');
    drawLoanStateInFrame(LEGAL, '/pre-claim');
    expect(within(banner()!).queryByRole('link')).toBeNull();
  });

  it('stays hidden without a loan paid out, and leaves a page React has drawn alone', () => {
    frameAt('/borrow/schedule');
    drawLoanStateInFrame({ ...LEGAL, state: 'none', statusLine: '', nextStep: null }, '/borrow/schedule');
    expect(banner()).toBeNull();
    delete document.getElementById('root')!.dataset.frame;
    drawLoanStateInFrame(LEGAL, '/borrow/schedule');
    expect(banner()).toBeNull();
  });
});
