import { afterEach, describe, expect, it } from 'vitest';
import { createStage1Payload } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

const submit = (app: TestApp['app'], payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload, remoteAddress });

describe('SubmitStage1 does not tell a script who is a customer (issue 26, 6)', () => {
  it('answers one caller address at most STAGE1_PER_ADDRESS times an hour, then 429 with Retry-After', async () => {
    t = await createTestApp({ STAGE1_PER_ADDRESS: '3', STAGE1_PER_CONTACT: '100' });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await submit(t.app, createStage1Payload(), '203.0.113.60')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await submit(t.app, createStage1Payload(), '203.0.113.60');
    expect(refused.json().error.errorID).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(t.app, createStage1Payload(), '203.0.113.61')).statusCode).toBe(200);
  });

  it('answers questions about one e-mail address or mobile number at most STAGE1_PER_CONTACT times, from any address', async () => {
    t = await createTestApp({ STAGE1_PER_ADDRESS: '100', STAGE1_PER_CONTACT: '2' });
    const known = createStage1Payload();
    expect((await submit(t.app, known, '203.0.113.70')).json().error.errorID).toBe(0);
    // Asking again about the address: an answer that tells (99, an application in progress) once more,
    // then refused, wherever from.
    const again = createStage1Payload({ email: known.email });
    expect((await submit(t.app, again, '203.0.113.71')).json().error.errorID).toBe(99);
    const third = await submit(t.app, createStage1Payload({ email: known.email }), '203.0.113.72');
    expect(third.statusCode).toBe(429);
    expect(third.body).not.toMatch(/registered/i);
    const byMobile = createStage1Payload({ mobile: known.mobile });
    expect((await submit(t.app, byMobile, '203.0.113.73')).json().error.errorID).toBe(99);
    expect(
      (await submit(t.app, createStage1Payload({ mobile: known.mobile }), '203.0.113.74')).statusCode,
    ).toBe(429);
    const events = await t.ctx.security.since('2000-01-01T00:00:00.000Z');
    expect(events.filter((e) => e.type === 'limit-refused')).toHaveLength(2);
  });

  it('refuses a name made only of invisible characters with the name’s message (400), storing nothing', async () => {
    t = await createTestApp();
    const res = await submit(
      t.app,
      createStage1Payload({ firstName: '\u3164', lastName: '\u2800' }),
      '203.0.113.80',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({
      firstName: 'Please enter your first name.',
      lastName: expect.any(String),
    });
    const customers = await t.ctx.db.selectFrom('customers').select('id').execute();
    expect(customers).toEqual([]);
  });
});
