import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLoanState, useLoanState } from '../../lib/api/get-loan-state';
import { QueryProvider, queryClient } from '../../lib/query';
import { answerCalls, refusal } from '../../testing/answer-calls';
import { ACTIVE_LOAN_STATE as ACTIVE, LEGAL_LOAN_STATE as LEGAL } from '../../testing/loan-state';
import { signIn } from '../../testing/where';
import { startFirstReads } from '../../lib/first-reads';
import { Page } from '../page';
import { SignedInArea } from './signed-in-area';

/** A page of the signed-in area at `path`, its heading its path. */
function renderAt(path: string) {
  const page = (heading: string) => (
    <Page heading={heading}>
      <p>The page&apos;s own content</p>
    </Page>
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<SignedInArea />}>
          <Route path="borrow/schedule" element={page('Repayment schedule')} />
          <Route path="pre-claim" element={page('Pre Claim')} />
        </Route>
        <Route path="login" element={page('Login')} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Another page: a component of its own, as every route's lazy page is. */
function SchedulePage() {
  return <Page heading="Repayment schedule">{null}</Page>;
}

/**
 * A page of the signed-in area at `path`, and the schedule as the page it leads to. Pages bring their own
 * provider (lib/query.tsx); this one stands for theirs.
 */
function renderThenSchedule(path: string, first: ReactNode) {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<SignedInArea />}>
            <Route path={path.slice(1)} element={first} />
            <Route path="borrow/schedule" element={<SchedulePage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

beforeEach(signIn);
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the loan-state banner of the signed-in area', () => {
  it('says where the loan stands under the heading, with the one next step as a link', async () => {
    answerCalls({ getLoanState: () => LEGAL });
    renderAt('/borrow/schedule');
    const banner = await screen.findByRole('region', { name: 'Where your loan stands' });
    expect(within(banner).getByText(LEGAL.statusLine)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Read the letter and reply' }).getAttribute('href')).toBe(
      '/pre-claim',
    );
    // Under the h1, before the page's own content.
    const h1 = screen.getByRole('heading', { level: 1, name: 'Repayment schedule' });
    expect(h1.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      banner.compareDocumentPosition(screen.getByText("The page's own content")) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('leaves the next step out on the page it leads to, keeping the status line', async () => {
    answerCalls({ getLoanState: () => LEGAL });
    renderAt('/pre-claim');
    const banner = await screen.findByRole('region', { name: 'Where your loan stands' });
    expect(within(banner).getByText(LEGAL.statusLine)).toBeTruthy();
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('shows nothing without a loan, and nothing (no error page) when the read fails', async () => {
    const api = answerCalls({
      getLoanState: () => ({ ...LEGAL, state: 'none', statusLine: '', nextStep: null, letter: null }),
    });
    renderAt('/borrow/schedule');
    await vi.waitFor(() => expect(api.to('getLoanState')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Where your loan stands' })).toBeNull();

    cleanup();
    queryClient.clear();
    answerCalls({ getLoanState: () => refusal(1, 'Error Occured', { status: 500 }) });
    renderAt('/borrow/schedule');
    expect(await screen.findByText("The page's own content")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Where your loan stands' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Repayment schedule');
  });

  it('is read once per arrival: a part drawn after the read uses it; the next page reads again', async () => {
    const api = answerCalls({ getLoanState: () => LEGAL });
    /** A part of the page drawn later (as the borrow page's status, once its summary is in). */
    function Later() {
      const [shown, show] = useState(false);
      const state = useLoanState().data?.state;
      return (
        <>
          <button onClick={() => show(true)}>Show the status</button>
          {shown ? <LaterStatus /> : null}
          <p>{state}</p>
        </>
      );
    }
    function LaterStatus() {
      return <p>Status: {useLoanState().data?.statusName}</p>;
    }
    renderThenSchedule(
      '/borrow',
      <Page heading="Application/Loan status">
        <Later />
        <Link to="/borrow/schedule">Schedule</Link>
      </Page>,
    );
    await screen.findByRole('region', { name: 'Where your loan stands' });
    await act(() => screen.getByRole('button', { name: 'Show the status' }).click());
    expect(await screen.findByText(`Status: ${LEGAL.statusName}`)).toBeTruthy();
    expect(api.to('getLoanState')).toHaveLength(1);

    await act(() => screen.getByRole('link', { name: 'Schedule' }).click());
    await screen.findByRole('heading', { level: 1, name: 'Repayment schedule' });
    await vi.waitFor(() => expect(api.to('getLoanState')).toHaveLength(2));
  });

  it('after a payment, the next page waits for the new figure and never shows the one it had', async () => {
    const paid = {
      ...ACTIVE,
      figure: { ...ACTIVE.figure!, text: '£113.40 on 20-01-2027', date: '2027-01-20' },
    };
    let answerAfter: (state: typeof paid) => void = () => undefined;
    let reads = 0;
    // The first read before the payment, the second after it, held back until the test answers it.
    const api = answerCalls({
      getLoanState: () =>
        ++reads === 1 ? ACTIVE : new Promise<typeof paid>((resolve) => (answerAfter = resolve)),
    });
    /** Stands for the payment page: a payment taken, then the schedule (payment-wizard.tsx's toSchedule). */
    function PaymentPage() {
      const navigate = useNavigate();
      return (
        <Page heading="Make a payment">
          <button
            onClick={() => {
              forgetLoanState(queryClient);
              void navigate('/borrow/schedule');
            }}
          >
            Paid
          </button>
        </Page>
      );
    }
    renderThenSchedule('/borrow/payment', <PaymentPage />);
    const banner = await screen.findByRole('region', { name: 'Where your loan stands' });
    expect(within(banner).getByRole('definition').textContent).toBe(ACTIVE.figure!.text);

    await act(() => screen.getByRole('button', { name: 'Paid' }).click());
    await screen.findByRole('heading', { level: 1, name: 'Repayment schedule' });
    await vi.waitFor(() => expect(api.to('getLoanState')).toHaveLength(2));
    // The read is on its way: the old figure is not shown meanwhile.
    expect(screen.queryByText(ACTIVE.figure!.text)).toBeNull();
    await act(async () => answerAfter(paid));
    const fresh = await screen.findByRole('region', { name: 'Where your loan stands' });
    expect(within(fresh).getByRole('definition').textContent).toBe('£113.40 on 20-01-2027');
  });

  it('is not on pages outside the area', async () => {
    const api = answerCalls({ getLoanState: () => LEGAL });
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(api.to('getLoanState')).toHaveLength(0);
  });

  it("is drawn in the first render from the route shell's early answer, asked once, and read again on the next page", async () => {
    const api = answerCalls({ getLoanState: () => LEGAL, getScheduleSummary: () => null });
    // As the early script asks it (src/early-reads.ts): where the loan stands is read and kept.
    startFirstReads('/borrow/schedule', { getLoanState: () => undefined });
    await vi.waitFor(() => expect(globalThis.__lenderFirstReads?.get('getLoanState')?.answer).toBeDefined());
    await SignedInArea.preload();
    /** Another page: a component of its own, as every route's lazy page is. */
    function BorrowPage() {
      return <Page heading="Application/Loan status" />;
    }
    render(
      <MemoryRouter initialEntries={['/borrow/schedule']}>
        <Routes>
          <Route element={<SignedInArea />}>
            <Route
              path="borrow/schedule"
              element={
                <Page heading="Repayment schedule">
                  <Link to="/borrow">Borrowing summary</Link>
                </Page>
              }
            />
            <Route path="borrow" element={<BorrowPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    // No waiting: in the render that draws the page, where the page's frame showed it.
    expect(within(banner()!).getByText(LEGAL.statusLine)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.to('getLoanState')).toHaveLength(1);

    await act(() => screen.getByRole('link', { name: 'Borrowing summary' }).click());
    await screen.findByRole('heading', { level: 1, name: 'Application/Loan status' });
    await vi.waitFor(() => expect(api.to('getLoanState')).toHaveLength(2));
  });
});

const banner = () => screen.queryByRole('region', { name: 'Where your loan stands' });
