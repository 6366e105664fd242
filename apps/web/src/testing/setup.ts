import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { failOnUnexpectedCalls } from './unexpected-calls';

// happy-dom lays nothing out: the form pattern scrolls to what it focuses, and pages scroll to the top.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn();

// No unit test reaches the network: a request no test stubbed (signing out sends Logout and forgets the
// answer) would go to happy-dom's http://localhost:3000, to nothing or to whatever dev server runs there.
const offline = async (input: RequestInfo | URL) => {
  const url = input instanceof Request ? input.url : String(input);
  throw new TypeError(`Unit tests do not reach the network (${url}): stub fetch in the test.`);
};
window.fetch = offline as typeof fetch;
globalThis.fetch = offline as typeof fetch;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  failOnUnexpectedCalls();
});
