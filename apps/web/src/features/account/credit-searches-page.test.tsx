import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountApi,
  PATH,
  renderAccount,
  setUpAccountTests,
  signIn,
  tearDownAccountTests,
} from '../../testing/account';

beforeAll(setUpAccountTests);
beforeEach(signIn);
afterEach(tearDownAccountTests);

describe('Credit searches (issue 47)', () => {
  it('lists each search we made: its date, soft or hard, and the agency', async () => {
    accountApi({
      [PATH.creditSearches]: () => ({
        object: {
          searches: [
            { searchedOn: '2026-11-27', kind: 'hard', agency: 'Kestrel Sandbox Credit Reference Ltd' },
            { searchedOn: '2026-11-20', kind: 'soft', agency: 'Kestrel Sandbox Credit Reference Ltd' },
          ],
        },
      }),
    });
    renderAccount('/account/credit-searches');
    const table = await screen.findByRole('table', { name: 'Searches of your credit file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '27-11-2026Hard searchKestrel Sandbox Credit Reference Ltd',
      '20-11-2026Soft searchKestrel Sandbox Credit Reference Ltd',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Credit searches' })).toBeTruthy();
  });

  it('says so when there has been no search', async () => {
    accountApi({ [PATH.creditSearches]: () => ({ object: { searches: [] } }) });
    renderAccount('/account/credit-searches');
    expect(await screen.findByText('We have not searched your credit file.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
