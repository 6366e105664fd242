import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlobalLoader } from '../../../components/layout/global-loader';
import { answerCalls } from '../../../testing/answer-calls';
import { DECISION_LOADER_MESSAGE, submitStage1 } from './submit-stage1';

afterEach(() => vi.unstubAllGlobals());

describe('submitting stage 1', () => {
  it('tells an applicant that the decision can take up to a minute', async () => {
    let answer!: () => void;
    const response = new Promise<void>((r) => (answer = r));
    answerCalls({ submitStage1: () => response.then(() => null) });
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
