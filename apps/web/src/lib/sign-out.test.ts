import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getItem, setItems } from './session';
import { endServerSession, signOut } from './sign-out';

let posts: { url: string; init: RequestInit }[];

beforeEach(() => {
  posts = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posts.push({ url, init });
    return Response.json({ error: { errorID: 0, errorMessage: '' }, object: null });
  });
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
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe('/api/Account/Logout');
    expect(posts[0]!.init.method).toBe('POST');
    expect(posts[0]!.init.body).toBe(JSON.stringify('R1'));
    expect(posts[0]!.init.keepalive).toBe(true);
    expect(new Headers(posts[0]!.init.headers).get('content-type')).toBe('application/json');
    // The refresh token is the credential here: no access token travels with it.
    expect(new Headers(posts[0]!.init.headers).get('authorization')).toBeNull();
  });

  it('posts nothing when there is no session to end', () => {
    signOut();
    expect(posts).toEqual([]);
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
    expect(posts.map((p) => [p.url, p.init.body])).toEqual([
      ['/api/Account/Logout', JSON.stringify('OTHER-R')],
    ]);
    expect(getItem('refresh_token')).toBe('MINE-R');
  });
});
