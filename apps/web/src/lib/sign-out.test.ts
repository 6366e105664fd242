import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls } from '../testing/answer-calls';
import { getItem, setItems } from './session';
import { endServerSession, signOut } from './sign-out';

let api: ReturnType<typeof answerCalls>;

// The server's answers come from answerCalls; the tests of a network that fails stub fetch itself, as
// sign-out calls fetch directly (a keepalive request that must survive the page).
beforeEach(() => {
  api = answerCalls({ logout: () => null });
});
afterEach(() => vi.unstubAllGlobals());

describe('signOut', () => {
  it('forgets every stored item at once and posts Logout with the refresh token, surviving an unload', () => {
    setItems({
      token: 'T1',
      refresh_token: 'R1',
      userName: 'ann@example.com',
      firstName: 'Ann',
      isLegal: 'true',
    });
    signOut();
    for (const key of ['token', 'refresh_token', 'userName', 'firstName', 'lastName', 'isLegal'] as const) {
      expect(getItem(key)).toBeNull();
    }
    expect(api.sent).toHaveLength(1);
    const [logout] = api.sent;
    expect(logout!.name).toBe('logout');
    expect(logout!.method).toBe('POST');
    expect(logout!.input).toBe('R1');
    expect(logout!.keepalive).toBe(true);
    expect(logout!.headers['content-type']).toBe('application/json');
    // The refresh token is the credential here: no access token travels with it.
    expect(logout!.headers.authorization).toBeUndefined();
  });

  it('posts nothing when there is no session to end', () => {
    signOut();
    expect(api.sent).toEqual([]);
  });

  it('stays signed out when the server cannot be reached', async () => {
    const failed = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', failed);
    setItems({ token: 'T1', refresh_token: 'R1' });
    signOut();
    await Promise.resolve();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(getItem('refresh_token')).toBeNull();
  });

  it('survives a browser refusing the keepalive request outright', () => {
    vi.stubGlobal('fetch', () => {
      throw new TypeError('keepalive quota exceeded');
    });
    setItems({ token: 'T1', refresh_token: 'R1' });
    expect(() => signOut()).not.toThrow();
    expect(getItem('token')).toBeNull();
  });
});

describe('endServerSession', () => {
  it('posts Logout with the given refresh token and touches nothing stored', () => {
    setItems({ token: 'MINE', refresh_token: 'MINE-R' });
    endServerSession('OTHER-R');
    expect(api.sent.map((c) => [c.name, c.input])).toEqual([['logout', 'OTHER-R']]);
    expect(getItem('refresh_token')).toBe('MINE-R');
  });
});
