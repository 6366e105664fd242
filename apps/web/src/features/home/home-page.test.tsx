import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setItems } from '../../lib/session';
import { Component as HomePage } from './home-page';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const renderHome = (url = '/') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<Where />} />
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
});
