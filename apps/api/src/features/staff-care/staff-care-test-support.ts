import { expect } from 'vitest';
import { staffInject } from '../../test/staff';
import type { TestApp } from '../../test/test-app';

export const URL_OF = {
  log: '/api/staff/Care/Log',
  note: '/api/staff/Care/AddNote',
  contact: '/api/staff/Care/AddContact',
  worklist: '/api/staff/Collections/Worklist',
  vulnerabilities: '/api/staff/Vulnerability/OfCustomer',
  record: '/api/staff/Vulnerability/Record',
  end: '/api/staff/Vulnerability/End',
  reviews: '/api/staff/Vulnerability/ReviewsDue',
};

type Entry = { id: number; kind: string; loanId: number | null; text: string; outcome: string | null };

type WorkLoan = {
  loanId: number;
  overduePence: number;
  daysPastDue: number;
  bucket: string;
  lastContact: { outcome: string } | null;
  nextAction: string;
  holds: { kind: string }[];
  vulnerable: boolean;
};

type Vuln = { vulnerabilityId: number; characteristic: string; note: string | null; endedAt: string | null };

/**
 * What the care, collections and vulnerability tests read back: the care log, a customer's audit rows, the
 * worklist and a customer's vulnerabilities. Takes the app through a getter because a test file makes its
 * app in `beforeAll`, after these are bound.
 */
export function careCalls(app: () => TestApp) {
  const { get } = staffInject(app);

  const logOf = async (cookie: string, customerId: number, loanId?: number) => {
    const res = await get(
      `${URL_OF.log}?customerId=${customerId}${loanId ? `&loanId=${loanId}` : ''}`,
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { object: { entries: Entry[] } }).object.entries;
  };
  const auditOf = (action: string, customerId: number) =>
    app()
      .ctx.db.selectFrom('audit_events')
      .selectAll()
      .where('action', '=', action)
      .where('subject_id', '=', String(customerId))
      .orderBy('id')
      .execute();

  const worklistOf = async (cookie: string, bucket?: string) => {
    const res = await get(`${URL_OF.worklist}${bucket ? `?bucket=${bucket}` : ''}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { object: { counts: Record<string, number>; loans: WorkLoan[] } }).object;
  };

  const vulnerabilitiesOf = async (cookie: string, customerId: number) => {
    const res = await get(`${URL_OF.vulnerabilities}?customerId=${customerId}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { object: { vulnerabilities: Vuln[] } }).object.vulnerabilities;
  };

  return { logOf, auditOf, worklistOf, vulnerabilitiesOf };
}
