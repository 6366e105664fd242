import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlobalLoader } from '../../../components/layout/global-loader';
import { DECISION_LOADER_MESSAGE, submitStage1 } from './submit-stage1';

afterEach(() => vi.unstubAllGlobals());

describe('submitting stage 1', () => {
  it('tells an applicant that the decision can take up to a minute', async () => {
    let answer!: () => void;
    const response = new Promise<void>((r) => (answer = r));
    vi.stubGlobal('fetch', () =>
      response.then(
        () =>
          new Response(JSON.stringify({ error: { errorID: 0, errorMessage: '' }, object: null }), {
            status: 200,
          }),
      ),
    );
    render(<GlobalLoader />);
    let call!: Promise<unknown>;
    act(() => {
      call = submitStage1({} as never);
    });
    expect(screen.getByRole('status').textContent).toBe(DECISION_LOADER_MESSAGE);
    expect(DECISION_LOADER_MESSAGE).toBe('Checking your application. This can take up to a minute.');
    await act(async () => {
      answer();
      await call;
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
