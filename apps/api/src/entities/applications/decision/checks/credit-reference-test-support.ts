import { SANDBOX_AGENCY } from '../../../../sandbox/credit-reference/particulars';
import { craSearchesFor } from '../../../../sandbox/credit-reference/test-support';
import { createStage1Payload } from '../../../../test/stage1-payload';
import type { TestApp } from '../../../../test/test-app';
import { decisionFindingsRepository } from '../decision-findings-repository';

export const particulars = { creditReferenceAgency: SANDBOX_AGENCY };

/**
 * Stage 1 as the web app sends it, and what the credit-reference check left behind. Takes the app through
 * a getter because a test file makes its app in `beforeAll`, after these are bound.
 */
export function creditReferenceTestSupport(testApp: () => TestApp) {
  const db = () => testApp().ctx.db;

  const submitStage1 = (lastName: string) => {
    const payload = createStage1Payload({ lastName });
    return testApp()
      .app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload })
      .then((res) => ({ res, payload }));
  };

  const applicationOf = (email: string) =>
    db()
      .selectFrom('applications')
      .innerJoin('customers', 'customers.id', 'applications.customer_id')
      .select([
        'applications.id',
        'applications.guid',
        'applications.status_id',
        'customers.id as customerId',
      ])
      .where('customers.email', '=', email)
      .orderBy('applications.id', 'desc')
      .executeTakeFirstOrThrow();

  const creditFindings = async (applicationId: number) =>
    (await decisionFindingsRepository(db()).of(applicationId)).filter((f) => f.check === 'credit-reference');

  /** The searches the agency saw for this application (by its consent reference). */
  const searchesFor = async (lastName: string, guid: string) =>
    (await craSearchesFor(db(), lastName)).filter((s) => s.consentReference.startsWith(guid));

  return { submitStage1, applicationOf, creditFindings, searchesFor };
}
