import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedRecord } from '../../lib/credit-reference/credit-reference-agency';
import { callCraSandbox, createCraSandboxServer, craRecordsReceived, craRejections } from './test-support';

let server: Awaited<ReturnType<typeof createCraSandboxServer>>;
beforeAll(async () => {
  server = await createCraSandboxServer();
});
afterAll(() => server?.close());

const record = (overrides: Record<string, unknown> = {}): SharedRecord =>
  ({
    eventId: `ev-${crypto.randomUUID()}`,
    accountReference: 'KL0001001',
    event: 'opened',
    occurredOn: '2026-11-02',
    openedOn: '2026-11-02',
    originalAmountPence: 30_000,
    balancePence: 30_000,
    monthlyPaymentPence: 12_000,
    status: '0',
    arrangement: false,
    borrower: {
      firstName: 'Ann',
      lastName: 'Smith',
      birthDate: '1990-04-01',
      address: { line1: '1 High Street', line2: null, town: 'Leeds', postcode: 'LS1 1AA', since: null },
    },
    ...overrides,
  }) as SharedRecord;

const submit = (records: unknown[], key?: string) =>
  callCraSandbox(server.app, { path: '/v1/records', payload: { records } }, key);

describe('POST /v1/records', () => {
  it('accepts good records and stores each once per eventId, however often it is sent', async () => {
    const a = record();
    const b = record({ event: 'payment', occurredOn: '2026-11-20', balancePence: 18_000 });
    const first = await submit([a, b, a]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ receiptId: expect.stringMatching(/^RCPT-/), accepted: 3, rejected: [] });
    const again = await submit([b]);
    expect(again.json()).toMatchObject({ accepted: 1, rejected: [] });
    expect(again.json().receiptId).not.toBe(first.json().receiptId);

    const received = await craRecordsReceived(server.db, [a.eventId, b.eventId]);
    expect(received.map((r) => r.eventId)).toEqual([a.eventId, b.eventId]);
    expect(received[1]).toMatchObject({ receiptId: first.json().receiptId, record: b });
  });

  it('stores a record once when the same event is sent by calls racing', async () => {
    const a = record();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit([a])));
    expect(answers.map((res) => res.json().accepted)).toEqual([1, 1, 1, 1, 1]);
    expect(await craRecordsReceived(server.db, [a.eventId])).toHaveLength(1);
  });

  it.each([
    ['a negative balance', { balancePence: -1 }, 'balancePence'],
    ['a status outside 0-6/D/S/U', { status: '7' }, 'status'],
    [
      'an event before the account opened',
      { occurredOn: '2026-11-01' },
      'occurredOn: occurredOn is before openedOn',
    ],
    ['a date that is not a calendar date', { openedOn: '2026-02-30' }, 'openedOn: not a calendar date'],
    ['a missing account reference', { accountReference: undefined }, 'accountReference'],
    ['an event outside the list', { event: 'lost' }, 'event'],
    ['pence with a fraction', { monthlyPaymentPence: 12.5 }, 'monthlyPaymentPence'],
  ])('rejects %s, keeping the rest of the call', async (_name, change, reason) => {
    const good = record();
    const bad = record(change);
    const res = await submit([good, bad]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      receiptId: expect.any(String),
      accepted: 1,
      rejected: [{ recordId: bad.eventId, reason: expect.stringContaining(reason) }],
    });
    expect(await craRecordsReceived(server.db, [good.eventId, bad.eventId])).toEqual([
      expect.objectContaining({ eventId: good.eventId }),
    ]);
    expect(
      (await craRejections(server.db, { source: 'records' })).filter((r) => r.recordId === bad.eventId),
    ).toEqual([
      {
        receiptId: res.json().receiptId,
        source: 'records',
        month: null,
        recordId: bad.eventId,
        reason: expect.stringContaining(reason),
      },
    ]);
  });

  it('names a record without an eventId by its place in the call', async () => {
    const res = await submit([record(), { ...record(), eventId: undefined }]);
    expect(res.json().rejected).toEqual([
      { recordId: 'record 2', reason: expect.stringContaining('eventId') },
    ]);
  });

  it.each([
    ['no records key', { rows: [] }],
    ['an empty list', { records: [] }],
    ['more than 500 records', { records: Array.from({ length: 501 }, () => ({})) }],
  ])('answers 400 for %s', async (_name, payload) => {
    const res = await callCraSandbox(server.app, { path: '/v1/records', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses a wrong key with 401, storing nothing', async () => {
    const a = record();
    const res = await submit([a], 'not-the-key');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'The key is not valid.' });
    expect(await craRecordsReceived(server.db, [a.eventId])).toEqual([]);
  });
});
