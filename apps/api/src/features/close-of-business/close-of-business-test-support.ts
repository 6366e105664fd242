import type { TestApp } from '../../test/test-app';

/** The loan's CPA collection attempts, in order, with the provider's code and the idempotency key. */
export const attemptsOf = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('cpa_attempts')
    .select(['seq', 'attempt', 'on_date', 'outcome', 'z2', 'idempotency_key'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
