/**
 * The requests of the running test that nothing answered. The API client turns a failed fetch into a
 * generic refusal, which a page may show quietly; setup.ts fails the test with these once it ends. Kept
 * apart from answer-calls.ts so that the setup file imports no product code.
 */
const unexpected: string[] = [];

export const noteUnexpected = (what: string) => void unexpected.push(what);

/** Fails the test that made a request nobody answered, naming the calls. */
export function failOnUnexpectedCalls() {
  const seen = unexpected.splice(0);
  if (seen.length > 0) throw new Error(`The test made requests it did not answer: ${seen.join(', ')}`);
}
