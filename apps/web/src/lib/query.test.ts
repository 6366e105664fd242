import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query';
import { setItems } from './session';
import { signOut } from './sign-out';

const DOCUMENTS = ['documents'];
const held = () => queryClient.getQueryData(DOCUMENTS);

afterEach(() => queryClient.clear());

describe('what was read for one person (issue 50 review)', () => {
  it('goes when they sign out: the next person to sign in here never sees it', () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    queryClient.setQueryData(DOCUMENTS, ['agreement of T1']);
    // A new access token is the same session: kept.
    setItems({ token: 'T2', refresh_token: 'R2' });
    expect(held()).toEqual(['agreement of T1']);
    signOut();
    expect(held()).toBeUndefined();
  });

  it('goes when another tab signs out', () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    queryClient.setQueryData(DOCUMENTS, ['agreement of T1']);
    // The other tab's change: local storage is shared, and this tab hears of it by a storage event.
    localStorage.removeItem('token');
    localStorage.removeItem('refresh_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'refresh_token' }));
    expect(held()).toBeUndefined();
  });

  it('stays while another tab only changes something else', () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    queryClient.setQueryData(DOCUMENTS, ['agreement of T1']);
    window.dispatchEvent(new StorageEvent('storage', { key: 'firstName' }));
    expect(held()).toEqual(['agreement of T1']);
  });
});
