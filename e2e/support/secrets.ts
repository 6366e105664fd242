import fs from 'node:fs';

/**
 * Secrets the journeys type or receive, so the last check can prove none of them is at rest in clear:
 * not in any database cell, not in any log line. Later journeys (card check, bank details, sign-in)
 * must use these values so the check covers them.
 */
export const TEST_SECRETS = {
  cardNumbers: [
    '4111111111111111',
    '5555555555554444',
    '4000000000003220',
    '4000000000000002',
    '4000000000003063',
    '4000000000000341',
    '4000000000000069',
  ],
  securityCode: '8163',
  password: 'Kestrel2026Test',
  bankAccountNumber: '31926819',
} as const;

const file = () => `${process.env.E2E_DATABASE}.secrets`;

/** Remembers a secret met during a test (an access or refresh token, for instance). */
export function rememberSecret(kind: string, value: string) {
  fs.appendFileSync(file(), `${JSON.stringify({ kind, value })}\n`);
}

export function rememberedSecrets(): { kind: string; value: string }[] {
  if (!fs.existsSync(file())) return [];
  return fs
    .readFileSync(file(), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { kind: string; value: string });
}

export const serverLogFile = () => `${process.env.E2E_DATABASE}.log`;
