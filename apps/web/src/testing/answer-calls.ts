import type { CallName } from '@lender/contract/api-calls';
import { vi } from 'vitest';
import { callApi, type CallOptions } from '../lib/api-client';

type Answers = Partial<Record<CallName, (input: unknown, options?: CallOptions) => unknown>>;

/**
 * `callApi`, which the test file mocks (`vi.mock(import('../lib/api-client'), ...)`), answering only the
 * calls given, each by a function of the call's input; any other call fails the test with its name.
 */
export function answerCalls(answers: Answers) {
  vi.mocked(callApi)
    .mockReset()
    .mockImplementation((async (name: CallName, input: unknown, options?: CallOptions) => {
      const answer = answers[name];
      if (!answer) throw new Error(`unexpected call ${name}`);
      return answer(input, options);
    }) as never);
}
