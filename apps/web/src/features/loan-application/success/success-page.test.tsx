import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Component as SuccessPage } from './success-page';

describe('Success page', () => {
  it("says the spec's three things, then what happens next and when, and leads to sign-in", () => {
    const { container } = render(
      <MemoryRouter>
        <SuccessPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Thank you, your application is complete',
    );
    expect(container.textContent).toContain('The application process is complete.');
    expect(container.textContent).toContain('There is no need to call us.');
    expect(container.textContent).toContain('We will send you updates about your application by e-mail.');

    const steps = within(screen.getByRole('list', { name: 'What happens next' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining('copy of your signed agreement'),
      expect.stringContaining('e-mail you our decision'),
      // What the approval e-mail promises (features/underwriting/underwriting-emails.ts), no more.
      expect.stringContaining('within 15 minutes of our approval e-mail'),
    ]);
    expect(screen.getByRole('link', { name: 'Sign in to your account' }).getAttribute('href')).toBe('/login');
  });
});
