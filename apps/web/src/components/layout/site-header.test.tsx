import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getItem, setItems } from '../../lib/session';
import { SiteHeader } from './site-header';
import { Where } from '../../testing/where';
import { answerCalls } from '../../testing/answer-calls';

let api: ReturnType<typeof answerCalls>;

beforeEach(() => {
  api = answerCalls({ logout: () => null });
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteHeader />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the header', () => {
  it('Logout ends the session on the server, forgets it here and shows the login page', async () => {
    setItems({ token: 'T1', refresh_token: 'R1', firstName: 'Ann' });
    renderAt('/borrow');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(api.sent.map((c) => [c.name, c.input])).toEqual([['logout', 'R1']]);
    expect(getItem('token')).toBeNull();
    expect(getItem('firstName')).toBeNull();
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(nav.textContent).toContain('My Account');
  });

  it('shows the signed-in menu, with Pre Claim only for an account flagged legal', () => {
    setItems({ token: 'T1', refresh_token: 'R1', isLegal: 'true' });
    renderAt('/borrow');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(
      expect.arrayContaining(['Pre Claim', 'Payments', 'Borrowing Summary', 'Documents', 'Contact Details']),
    );
    expect(screen.getByRole('link', { name: 'Documents' }).getAttribute('href')).toBe('/account/documents');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('leaves Pre Claim out for an account not flagged legal', () => {
    setItems({ token: 'T1', refresh_token: 'R1', isLegal: 'false' });
    renderAt('/borrow');
    expect(screen.queryByRole('link', { name: 'Pre Claim' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Details' })).toBeTruthy();
  });

  it('closes the open menu on Escape, from inside it too, and puts focus back on the Menu button', async () => {
    renderAt('/');
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    screen.getByRole('link', { name: 'Blog' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    // Closed, Escape leaves focus where it is.
    screen.getByRole('link', { name: 'Blog' }).focus();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Blog' }));
  });
});
