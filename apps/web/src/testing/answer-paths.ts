import { callRoutes } from 'virtual:call-routes';
import { ApiCallError } from '../lib/api-client';
import { answerCalls, nameOfPath, type Answers } from './answer-calls';

/** An envelope as the account and borrow tests write it: errorID 0 and HTTP 200 unless given. */
export type Reply = { status?: number; errorID?: number; errorMessage?: string; object?: unknown };
export type Handler = (body: unknown) => Reply;

/** One request as the server saw it: the call's path, its method and its input. */
export type SentRequest = { path: string; method: string; body: unknown };

/**
 * The account and borrow suites' way of writing answers (by the call's path, as envelopes), on top of
 * answerCalls: the same fetch stub, so an unanswered call fails the test with its name. New tests answer
 * by call name with answerCalls itself.
 */
export function answerPaths(handlers: Record<string, Handler>) {
  const answers: Answers = {};
  for (const [path, handler] of Object.entries(handlers)) {
    const name = nameOfPath.get(path);
    if (!name) throw new Error(`${path} is not a call of the contract`);
    (answers as Record<string, (input: unknown) => unknown>)[name] = (input) => {
      const r = handler(input);
      const errorID = r.errorID ?? 0;
      const status = r.status ?? 200;
      if (errorID === 0 && status === 200) return r.object ?? null;
      return new ApiCallError({ errorID, errorMessage: r.errorMessage ?? '' }, status, r.object ?? null);
    };
  }
  const api = answerCalls(answers);
  const asSent = (c: (typeof api.sent)[number]): SentRequest => ({
    path: callRoutes[c.name].path,
    method: c.method,
    // As the server reads it: a JSON body; a query or a form is not a body.
    body: c.method === 'GET' || (c.input as unknown) instanceof FormData ? undefined : c.input,
  });
  return {
    get sent() {
      return api.sent.map(asSent);
    },
    /** The requests to one path. */
    to: (path: string) => api.sent.filter((c) => callRoutes[c.name].path === path).map(asSent),
  };
}
