import { cardRefusalText } from '@lender/contract/card-refusals';
import { expiryYears, type CreditCard } from '@lender/contract/rules/card';
import { Msg } from '@lender/contract/rules/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardProviderSettings } from './card-provider-settings';
import { checkCard } from './check-card';
import { frameOf, quietFrameLoading, recordFramePosts } from '../../testing/card-check';
import { CardCheckError } from './card-check-error';
import type { TokenisedCard } from './tokenise-card';

const settings: CardProviderSettings = {
  url: 'https://provider.example/sandbox/card-provider',
  merchantId: 'merchant-7',
  staticKey: 'public-key',
};
const nextYear = expiryYears()[1] as number;
// March: the form holds it zero-based.
const card: CreditCard = {
  cardNumber: '4111111111111111',
  securityCode: '8163',
  nameOnCard: 'Ann Smith',
  endMonth: 2,
  endYear: nextYear,
};

const approved: TokenisedCard = {
  threeDSVersion: '2.2.0',
  trxId: 'trx-1',
  key: 'key-1',
  fingerprintUrl: null,
  responseId: 'resp-1',
  z2: '0',
  z3: null,
};

let fingerprintForms: HTMLFormElement[];
let fetchMock: ReturnType<typeof vi.fn>;
const answer = (body: Partial<TokenisedCard>) =>
  fetchMock.mockResolvedValueOnce(Response.json({ ...approved, ...body }));

beforeEach(() => {
  quietFrameLoading();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  fingerprintForms = recordFramePosts();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkCard', () => {
  it('posts the card form-encoded to the provider, month as index + 1 and a 2-digit year', async () => {
    answer({});
    expect(await checkCard(settings, card)).toEqual({ pKey: 'key-1', trxId: 'trx-1', isSignature: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://provider.example/sandbox/card-provider/tokenise');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      merchantId: 'merchant-7',
      staticKey: 'public-key',
      cardNumber: '4111111111111111',
      expMonth: '03',
      expYear: String(nextYear % 100).padStart(2, '0'),
      csv: '8163',
      cardHolder: 'Ann Smith',
    });
    // No fingerprint asked for: no frame.
    expect(fingerprintForms).toHaveLength(0);
  });

  it('refuses in the plain words of z2 (not its z3) when z2 is not the success code, and asks nothing more', async () => {
    answer({ z2: '14', z3: 'Invalid card number.', key: null, trxId: null, fingerprintUrl: null });
    const failure = checkCard(settings, card);
    await expect(failure).rejects.toBeInstanceOf(CardCheckError);
    await expect(failure).rejects.toThrow(cardRefusalText('14'));
    expect(fingerprintForms).toHaveLength(0);
  });

  it('says the check could not be completed when the provider cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(checkCard(settings, card)).rejects.toThrow(Msg.cardCheck);
  });

  it('posts the 3-D Secure method data into a hidden, titled frame; a load in time is isSignature true', async () => {
    answer({ fingerprintUrl: 'https://provider.example/fingerprint' });
    const result = checkCard(settings, card);
    await vi.waitFor(() => expect(fingerprintForms).toHaveLength(1));
    const form = fingerprintForms[0] as HTMLFormElement;
    const frame = frameOf(form) as HTMLIFrameElement;
    expect(form.method.toUpperCase()).toBe('POST');
    expect(form.action).toBe('https://provider.example/fingerprint');
    expect(frame.hidden).toBe(true);
    expect(frame.title).toBe('Card security check');
    const data = new FormData(form).get('threeDSMethodData') as string;
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    const json = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    expect(JSON.parse(json)).toEqual({
      threeDSServerTransID: 'trx-1',
      threeDSMethodNotificationURL: settings.url,
    });

    frame.dispatchEvent(new Event('load'));
    expect(await result).toEqual({ pKey: 'key-1', trxId: 'trx-1', isSignature: true });
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('form')).toBeNull();
  });

  it('gives up on a frame that has not loaded after 3000 ms: isSignature false', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A plain answer settles in microtasks only, so no clock moves before the frame is posted.
    fetchMock.mockResolvedValueOnce({
      json: async () => ({ ...approved, fingerprintUrl: 'https://provider.example/fingerprint' }),
    });
    let settled: { isSignature: boolean } | null = null;
    const result = checkCard(settings, card).then((r) => (settled = r));
    for (let i = 0; i < 20 && fingerprintForms.length === 0; i++) await Promise.resolve();
    expect(fingerprintForms).toHaveLength(1);
    const frame = frameOf(fingerprintForms[0] as HTMLFormElement) as HTMLIFrameElement;

    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ pKey: 'key-1', trxId: 'trx-1', isSignature: false });
    // A late answer changes nothing: the frame is gone.
    expect(frame.isConnected).toBe(false);
  });
});
