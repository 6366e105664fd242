import { stage1Schema } from '@lender/contract/calls/register';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStage1Payload } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';
import { entityStore, type EntityStore } from '../../entities/unit-of-work';
import { stage1Service } from './stage1-service';
import { toStage1Application } from './submit-stage1';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/**
 * The store, except that the first two customer lookups each wait until both have run: two submissions
 * both find nobody and both go on to insert, as two requests arriving together can on either database.
 */
function withRacingLookups(store: EntityStore): EntityStore {
  const held: (() => void)[] = [];
  const find = store.customers.findByEmailOrMobile;
  return {
    ...store,
    customers: {
      ...store.customers,
      async findByEmailOrMobile(email, mobile) {
        const found = await find(email, mobile);
        if (held.length < 2) {
          await new Promise<void>((release) => {
            held.push(release);
            if (held.length === 2) held.forEach((r) => r());
          });
        }
        return found;
      },
    },
  };
}

async function race(first: Record<string, unknown>, second: Record<string, unknown>) {
  const service = stage1Service(
    withRacingLookups(entityStore(t.ctx)),
    t.ctx.config,
    t.app.servicing.decisionParts,
  );
  const submit = (p: Record<string, unknown>) =>
    service.submit(toStage1Application(stage1Schema.parse(createStage1Payload(p))));
  const outcomes = await Promise.all([submit(first), submit(second)]);
  const customers = await t.ctx.db.selectFrom('customers').select('id').execute();
  return { kinds: outcomes.map((o) => o.kind).sort(), customers: customers.length };
}

describe('stage1 service: two submissions that both found nobody', () => {
  const declined = { monthlynetPay: 100 };

  it('the loser of a mobile clash hears the mobile is registered (205), not the e-mail', async () => {
    const mobile = createStage1Payload().mobile;
    expect(await race({ ...declined, mobile }, { ...declined, mobile })).toEqual({
      kinds: ['declined', 'mobileRegistered'],
      customers: 1,
    });
  });

  it('the loser of an e-mail clash hears the e-mail is registered (204)', async () => {
    const email = createStage1Payload().email;
    expect(await race({ ...declined, email }, { ...declined, email })).toEqual({
      kinds: ['declined', 'emailRegistered'],
      customers: 1,
    });
  });

  it("the loser hears of the winner's application in progress (99)", async () => {
    const mobile = createStage1Payload().mobile;
    expect(await race({ mobile }, { mobile })).toEqual({
      kinds: ['applicationInProgress', 'approved'],
      customers: 1,
    });
  });
});
