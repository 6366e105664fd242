import type { Page } from '@playwright/test';

/** A field's error as a screen reader reads it: 'Error: ' (visually hidden) then the message. */
export const fieldError = (page: Page, message: string) =>
  page.getByText(new RegExp(`^Error: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

/** The form's error summary (GOV.UK pattern). */
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });
