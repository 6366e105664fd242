import { BRAND } from '@lender/contract/brand';
import { INSTALMENT_MONTHS, MAX_AMOUNT, MIN_AMOUNT } from '@lender/contract/constants';
import { Msg } from '@lender/contract/rules/messages';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setItems } from '../../lib/session';
import { Component as HomePage } from './home-page';
import { Where } from '../../testing/where';

const renderHome = (url = '/') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<Where search />} />
      </Routes>
    </MemoryRouter>,
  );

describe('Home loan picker', () => {
  it('asks for an amount before applying', async () => {
    renderHome();
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByText('Choose Amount')).toBeTruthy();
  });

  it('applies for an instalment loan of £300 over 3 months by default', async () => {
    renderHome();
    expect(screen.getByRole('tab', { name: 'Instalment Loan' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: '£300' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByTestId('where').textContent).toBe('/loan/stage1?amount=300&months=3&product=11');
  });

  it('short term loans are 1 month with product 4 and hide the months choice', async () => {
    renderHome();
    await userEvent.click(screen.getByRole('tab', { name: 'Short Term Loan' }));
    expect(screen.queryByRole('radio', { name: '3 months' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: '£200' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByTestId('where').textContent).toBe('/loan/stage1?amount=200&months=1&product=4');
  });

  it('limits another amount to £1 to £1,000', async () => {
    renderHome();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await userEvent.type(screen.getByLabelText('Other amount (£1 to £1,000)'), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByText('Amount is beyond the maximum allowed')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Other amount (£1 to £1,000)'));
    await userEvent.type(screen.getByLabelText('Other amount (£1 to £1,000)'), '750');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByTestId('where').textContent).toBe('/loan/stage1?amount=750&months=3&product=11');
  });

  it('sends a signed-in customer to borrow and keeps provider, source and campaign for the visit', async () => {
    renderHome('/?provider=partner-a&source=google&campaign=spring');
    expect(sessionStorage.getItem('provider')).toBe('partner-a');
    expect(sessionStorage.getItem('source')).toBe('google');
    setItems({ token: 'T' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByTestId('where').textContent).toBe('/borrow');
  });

  it("answers an Other amount of 0 with the spec's out-of-range message and focuses the amount", async () => {
    renderHome();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const other = screen.getByLabelText('Other amount (£1 to £1,000)');
    await userEvent.type(other, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByText(Msg.amountTooHigh)).toBeTruthy();
    expect(screen.queryByText(Msg.chooseAmount)).toBeNull();
    expect(other.getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(document.activeElement).toBe(other));
  });

  it("answers Other left empty with 'Choose Amount'", async () => {
    renderHome();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(screen.getByText(Msg.chooseAmount)).toBeTruthy();
  });

  it("writes the limits and the month choices from the contract's constants", () => {
    renderHome();
    const range = `£${MIN_AMOUNT} to £${MAX_AMOUNT.toLocaleString('en-GB')}`;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Small loans from ${range}`);
    const months = within(screen.getByRole('group', { name: 'Over how many months?' }));
    expect(months.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(
      INSTALMENT_MONTHS.map((m) => `${m} months`),
    );
  });

  it('opens the compare-lenders link in the same tab (docs/decisions/005)', () => {
    renderHome();
    const link = screen.getByRole('link', { name: 'Compare lenders and alternatives to a short-term loan' });
    expect(link.getAttribute('href')).toBe(BRAND.compareLendersUrl);
    expect(link.getAttribute('target')).toBeNull();
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('Home marketing carousel', () => {
  afterEach(() => vi.useRealTimers());

  const carousel = () => screen.getByRole('region', { name: 'Why borrow with us' });
  const shownSlide = () =>
    within(carousel())
      .getAllByRole('group', { hidden: true })
      .find((slide) => slide.getAttribute('aria-hidden') === 'false');

  it('is a carousel of slides, one shown, with previous and next', async () => {
    renderHome();
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel');
    expect(shownSlide()?.getAttribute('aria-roledescription')).toBe('slide');
    expect(shownSlide()?.getAttribute('aria-label')).toBe('1 of 4');
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()?.getAttribute('aria-label')).toBe('2 of 4');
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()?.getAttribute('aria-label')).toBe('4 of 4');
    await userEvent.click(screen.getByRole('button', { name: 'Show slide 2: Money within 15 minutes' }));
    expect(shownSlide()?.getAttribute('aria-label')).toBe('2 of 4');
  });

  it('advances every 3 s until paused, and announces slides only while still', () => {
    vi.useFakeTimers();
    renderHome();
    const slides = shownSlide()!.parentElement!;
    expect(slides.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(3000));
    expect(shownSlide()?.getAttribute('aria-label')).toBe('2 of 4');
    act(() => screen.getByRole('button', { name: 'Pause slides' }).click());
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(9000));
    expect(shownSlide()?.getAttribute('aria-label')).toBe('2 of 4');
    expect(slides.getAttribute('aria-live')).toBe('polite');
  });
});
