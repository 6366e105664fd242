import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Page } from '../components/page';
import { SignedInArea } from '../components/loan-state/signed-in-area';
import { answerCalls } from '../testing/answer-calls';
import { LEGAL_LOAN_STATE as LEGAL } from '../testing/loan-state';
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
  it('is hidden and empty in the frame, and drawn from the early answer as React draws it', async () => {
    frameAt('/borrow/schedule');
    expect(banner()).toBeNull();
    drawLoanStateInFrame(LEGAL, '/borrow/schedule');
    const drawn = banner()!;
    expect(within(drawn).getByText(LEGAL.statusLine)).toBeTruthy();
    expect(within(drawn).getByRole('link', { name: 'Read the letter and reply' }).getAttribute('href')).toBe(
      '/pre-claim',
    );
    // The same look and words as the banner React then draws in its place.
    const framed = { text: drawn.textContent, look: drawn.className, state: drawn.dataset.state };
    document.getElementById('root')!.remove();
    answerCalls({ getLoanState: () => LEGAL });
    render(tree('/borrow/schedule'));
    const own = await screen.findByRole('region', { name: 'Where your loan stands' });
    expect({ text: own.textContent, look: own.className, state: own.dataset.state }).toEqual(framed);
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
