import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackRequest } from '../../lib/loader-store';
import { GlobalLoader } from './global-loader';

/** A request the test settles when it wants. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => vi.useRealTimers());

describe('global loader', () => {
  it('keeps an empty polite status region in the page while idle', () => {
    render(<GlobalLoader />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
  });

  it("says what a forced request's caller says, in the region that was already there", async () => {
    render(<GlobalLoader />);
    const status = screen.getByRole('status');
    const request = deferred();
    let tracked!: Promise<void>;
    act(() => {
      tracked = trackRequest(request.promise, { force: true, message: 'Saving your card.' });
    });
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Saving your card.');
    await act(async () => {
      request.resolve();
      await tracked;
    });
    expect(status.textContent).toBe('');
  });

  it("says 'Please wait.' after 400 ms for a request that gives no message", async () => {
    vi.useFakeTimers();
    render(<GlobalLoader />);
    const status = screen.getByRole('status');
    const request = deferred();
    let tracked!: Promise<void>;
    act(() => {
      tracked = trackRequest(request.promise);
    });
    act(() => vi.advanceTimersByTime(399));
    expect(status.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('Please wait.');
    await act(async () => {
      request.resolve();
      await tracked;
    });
    expect(status.textContent).toBe('');
  });
});
