import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './lazy-page';

const Figure = () => <p>£50.75</p>;

describe('preloadableLazy (issue 50)', () => {
  it('draws in the first render once preloaded: no fallback is ever committed', async () => {
    const load = vi.fn(async () => Figure);
    const Lazy = preloadableLazy(load);
    await Lazy.preload();
    const fallback = vi.fn(() => null);
    const Fallback = () => fallback();
    render(
      <Suspense fallback={<Fallback />}>
        <Lazy />
      </Suspense>,
    );
    // Synchronously, in the render that mounted it.
    expect(screen.getByText('£50.75')).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends as React.lazy does when not preloaded, loading the module once', async () => {
    const load = vi.fn(async () => Figure);
    const Lazy = preloadableLazy(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('£50.75')).toBeTruthy();
    await act(() => Lazy.preload());
    expect(load).toHaveBeenCalledTimes(1);
  });
});
