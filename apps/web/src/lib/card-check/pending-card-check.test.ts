import { afterEach, describe, expect, it } from 'vitest';
import { pendingCardCheck } from './pending-card-check';

const KEY = 'testPendingCheck';
const card = {
  nameOnCard: 'Ann Smith',
  endMonth: 2,
  endYear: 2031,
  cardNumber: '4000000000003220',
  securityCode: '8163',
};

afterEach(() => sessionStorage.clear());

describe('pendingCardCheck', () => {
  it.each(['creditCard', 'card'])(
    'keeps a request whose %s is cut down to its summary: never the number or the code',
    (name) => {
      const pending = pendingCardCheck<{ trxId: string; pKey: string; [k: string]: unknown }>(KEY);
      pending.save({ trxId: 'trx-1', pKey: 'key-1', amount: 12.5, [name]: card });
      const stored = sessionStorage.getItem(KEY) ?? '';
      expect(stored).not.toContain(card.cardNumber);
      expect(stored).not.toContain(card.securityCode);
      expect(pending.read('trx-1')).toEqual({
        trxId: 'trx-1',
        pKey: 'key-1',
        amount: 12.5,
        [name]: { nameOnCard: 'Ann Smith', endMonth: 2, endYear: 2031 },
      });
    },
  );

  it('answers nothing for another transaction, or for what is not JSON, and forgets on clear', () => {
    const pending = pendingCardCheck<{ trxId: string | null }>(KEY);
    pending.save({ trxId: 'trx-1' });
    expect(pending.read('trx-2')).toBeNull();
    expect(pending.read()).toEqual({ trxId: 'trx-1' });
    pending.clear();
    expect(pending.read()).toBeNull();
    sessionStorage.setItem(KEY, '{not json');
    expect(pending.read()).toBeNull();
  });

  it('keeps each screen under its own key', () => {
    const a = pendingCardCheck<{ trxId: string }>('a');
    const b = pendingCardCheck<{ trxId: string }>('b');
    a.save({ trxId: 'trx-a' });
    expect(b.read()).toBeNull();
    expect(a.read()).toEqual({ trxId: 'trx-a' });
  });
});
