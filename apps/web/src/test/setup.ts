import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// happy-dom lays nothing out: the form pattern scrolls to what it focuses, and pages scroll to the top.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
