import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as SuccessPage } from './success-page';

describe('Success page', () => {
  it("says the spec's three things and promises nothing about when money arrives", () => {
    const { container } = render(<SuccessPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Thank you, your application is complete',
    );
    expect(container.textContent).toContain('The application process is complete.');
    expect(container.textContent).toContain('There is no need to call us.');
    expect(container.textContent).toContain('We will send you updates about your application by e-mail.');
    expect(container.textContent).not.toMatch(/minutes|deposited/);
  });
});
