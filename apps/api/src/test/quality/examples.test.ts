import { calls, type CallDef } from '@lender/contract/api-calls';
import { describe, expect, it } from 'vitest';
import { callsWithExamples, exampleFor } from './examples';

/**
 * The quality tests build near-valid inputs from these examples and send them where a valid input is
 * needed; an example the contract no longer accepts would quietly weaken both. The message says which.
 */
describe('valid examples of the quality tests', () => {
  it.each(callsWithExamples())('%s: the example is valid for the call', (name) => {
    const def: CallDef = calls[name];
    const example = exampleFor(name)!;
    // A multipart call's example holds its text fields (as the server reads them) in `body`.
    const schema =
      def.input === 'body' ? def.body : def.input === 'multipart' ? def.multipart?.fields : def.query;
    const input = def.input === 'body' || def.input === 'multipart' ? example.body : example.query;
    expect(schema, `${name} takes no ${def.input} input: drop its example`).toBeDefined();
    const result = schema!.safeParse(input);
    expect(
      result.success ? [] : result.error.issues,
      `${name}: update its example in test/quality/examples.ts`,
    ).toEqual([]);
  });
});
