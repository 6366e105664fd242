import pino, { type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loggerOptions, redactUrl, SENSITIVE_KEYS } from './logging';

type LogLine = {
  msg?: string;
  req?: unknown;
  [field: string]: unknown;
  body?: { creditCard: { cardNumber: unknown; nameOnCard: unknown } };
};

/** A pino logger built from the app's options, writing its lines into an array. */
function capture() {
  const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info' })) as LoggerOptions;
  const lines: LogLine[] = [];
  const log = pino(options, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, options };
}

describe('log redaction', () => {
  it('hides card numbers, passwords and tokens at the top level and nested', () => {
    const { log, lines } = capture();
    log.info(
      {
        cardNumber: '4111111111111111',
        password: 'Secret123',
        token: 'eyJhbGciOi.top',
        body: {
          password: 'Nested123',
          refreshToken: 'refresh-abc',
          creditCard: { cardNumber: '5555555555554444', securityCode: '123', nameOnCard: 'A TAYLOR' },
          sortCode: '112233',
          bankAccountNumber: '12345678',
        },
        userName: 'alex@example.com',
      },
      'request body',
    );
    const out = JSON.stringify(lines);
    for (const secret of [
      '4111111111111111',
      'Secret123',
      'eyJhbGciOi.top',
      'Nested123',
      'refresh-abc',
      '5555555555554444',
      '"123"',
      '112233',
      '12345678',
    ]) {
      expect(out, secret).not.toContain(secret);
    }
    const line = lines[0]!;
    expect(line.cardNumber).toBe('[Redacted]');
    expect(line.password).toBe('[Redacted]');
    expect(line.token).toBe('[Redacted]');
    expect(line.body!.creditCard.cardNumber).toBe('[Redacted]');
    // Ordinary fields stay readable.
    expect(line.userName).toBe('alex@example.com');
    expect(line.body!.creditCard.nameOnCard).toBe('A TAYLOR');
    expect(line.msg).toBe('request body');
  });

  it('never logs request headers (authorization, cookie)', () => {
    const { log, lines } = capture();
    log.info(
      {
        req: {
          method: 'GET',
          url: '/api/Account/GetAccountDetails',
          id: 'req-2',
          headers: { authorization: 'Bearer eyJ.secret', cookie: 'sid=abc' },
        },
      },
      'incoming request',
    );
    expect(JSON.stringify(lines)).not.toContain('eyJ.secret');
    expect(JSON.stringify(lines)).not.toContain('sid=abc');
    expect(lines[0]!.req).toEqual({
      method: 'GET',
      url: '/api/Account/GetAccountDetails',
      reqId: 'req-2',
    });
  });

  it('logs a request URL with sensitive query values masked', () => {
    const { options } = capture();
    const serialize = (options.serializers as Record<string, (r: unknown) => unknown>).req!;
    expect(
      serialize({ method: 'GET', url: '/api/MyAccountArea/DownloadSOB?token=abc.def', id: 'req-1' }),
    ).toEqual({
      method: 'GET',
      url: '/api/MyAccountArea/DownloadSOB?token=[Redacted]',
      reqId: 'req-1',
    });
  });

  it('covers the fields the architecture names', () => {
    for (const k of [
      'cardNumber',
      'securityCode',
      'password',
      'token',
      'refreshToken',
      'sortCode',
      'bankAccountNumber',
    ]) {
      expect(SENSITIVE_KEYS).toContain(k);
    }
  });

  it('turns logging off for LOG_LEVEL=silent', () => {
    expect(loggerOptions(loadConfig({ LOG_LEVEL: 'silent' }))).toBe(false);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/MyAccountArea/DownloadSOB?token=abc', '/api/MyAccountArea/DownloadSOB?token=[Redacted]'],
    ['/x?page=2&token=abc&sort=asc', '/x?page=2&token=[Redacted]&sort=asc'],
    ['/x?TOKEN=abc', '/x?TOKEN=[Redacted]'],
    ['/verify?guid=g-1&verification=v-2', '/verify?guid=[Redacted]&verification=[Redacted]'],
    ['https://h.example/p?password=p1&x=1', 'https://h.example/p?password=[Redacted]&x=1'],
    ['/x?token=', '/x?token=[Redacted]'],
    ['/reset-password/AbC-123_xyz', '/reset-password/[Redacted]'],
    ['/confirm-email/AbC-123_xyz?x=1', '/confirm-email/[Redacted]?x=1'],
    // Issue 26: the e-sign and lead pages' guid, a guid query, an OAuth-style token.
    ['/loan/stage5/6f1c2b1e-0000-4000-8000-000000000000', '/loan/stage5/[Redacted]'],
    ['/loan/lead-provider/6f1c2b1e-0000-4000-8000-000000000000?z2=0', '/loan/lead-provider/[Redacted]?z2=0'],
    ['/api/Register/GetEsign?guid=6f1c2b1e', '/api/Register/GetEsign?guid=[Redacted]'],
    ['/x?access_token=abc&y=1', '/x?access_token=[Redacted]&y=1'],
    // Issue 28: a document's download link.
    [
      '/api/Document/DownloadDocument?documentGuid=6f1c2b1e-0000-4000-8000-000000000000',
      '/api/Document/DownloadDocument?documentGuid=[Redacted]',
    ],
    // Issue 48: a staff invitation's link, and the token its page sends to StaffAuth/Invitation.
    ['/staff/invite/AbC-123_xyz', '/staff/invite/[Redacted]'],
    ['/api/staff/StaffAuth/Invitation?token=AbC-123_xyz', '/api/staff/StaffAuth/Invitation?token=[Redacted]'],
    // Issue 49: the bank's return to us, and the sandbox bank's consent page.
    ['/open-banking/return?code=c-1&state=s-2', '/open-banking/return?code=[Redacted]&state=[Redacted]'],
    [
      '/sandbox/open-banking/authorise?client_id=l&consent_id=c-1&state=s-2',
      '/sandbox/open-banking/authorise?client_id=l&consent_id=[Redacted]&state=[Redacted]',
    ],
  ])('masks %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it.each(['/api/health', '/x?page=2', '/x?mytoken=abc', '/token=abc', '/reset-password'])(
    'leaves %s alone',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});
