import type { z } from 'zod';
import type { customerMatchSchema, customerSearchSchema } from '@lender/contract/calls/staff';
import { normalisePostCode, UK_POSTCODE } from '@lender/contract/rules/address';
import type { DbExecutor } from '../../db/create-db';

type Match = z.output<typeof customerMatchSchema>;
type SearchKind = z.output<typeof customerSearchSchema>['kind'];
export type Search = z.output<typeof customerSearchSchema>;

export const SEARCH_LIMIT = 50;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})$/;
/** A date of birth as people type it in the UK: 01/05/1990. */
const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** How a search text is read: which one field it names, and the value as that field stores it. */
export type Reading =
  | { kind: 'email' | 'mobile' | 'postCode' | 'applicationGuid'; value: string }
  | { kind: 'loanReference'; value: number }
  | { kind: 'name' | 'nameAndBirthDate'; first: string | null; last: string; birthDate: string | null };

export function readSearch(text: string): Reading {
  const q = text.trim();
  if (q.includes('@')) return { kind: 'email', value: q.toLowerCase() };
  const compact = q.replace(/[\s-]+/g, '');
  if (/^(\+44|0044)7\d{9}$/.test(compact)) return { kind: 'mobile', value: `0${compact.slice(-10)}` };
  if (/^07\d{9}$/.test(compact)) return { kind: 'mobile', value: compact };
  if (GUID.test(q)) return { kind: 'applicationGuid', value: q.toLowerCase() };
  if (/^\d{1,12}$/.test(q)) return { kind: 'loanReference', value: Number(q) };
  if (UK_POSTCODE.test(q)) return { kind: 'postCode', value: normalisePostCode(q) };
  const words = q.split(/\s+/);
  const last = words.at(-1)!;
  const uk = UK_DATE.exec(last);
  const birthDate = ISO_DATE.test(last) ? last : uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : null;
  const names = birthDate ? words.slice(0, -1) : words;
  return {
    kind: birthDate ? 'nameAndBirthDate' : 'name',
    first: names.length > 1 ? names[0]!.toLowerCase() : null,
    last: (names.at(-1) ?? '').toLowerCase(),
    birthDate,
  };
}

/**
 * Staff search (issue 48 item 3): the text names one field, looked up through its index (unique for
 * e-mail, mobile and guid; migration 037 for surname and postcode), so a search reads a few rows however
 * many customers there are. Newest customers first, at most 50.
 */
export function customerSearch(db: DbExecutor) {
  async function customerIds(r: Reading): Promise<number[]> {
    switch (r.kind) {
      case 'email':
      case 'mobile': {
        const column = r.kind;
        const rows = await db.selectFrom('customers').select('id').where(column, '=', r.value).execute();
        return rows.map((c) => c.id);
      }
      case 'postCode': {
        const rows = await db
          .selectFrom('customers')
          .select('id')
          .where('post_code', '=', r.value)
          .orderBy('id', 'desc')
          .limit(SEARCH_LIMIT + 1)
          .execute();
        return rows.map((c) => c.id);
      }
      case 'applicationGuid': {
        const rows = await db
          .selectFrom('applications')
          .select('customer_id')
          .where('guid', '=', r.value)
          .execute();
        return rows.map((a) => a.customer_id);
      }
      case 'loanReference': {
        const rows = await db
          .selectFrom('loans')
          .select('customer_id')
          .where('application_id', '=', r.value)
          .execute();
        return rows.map((l) => l.customer_id);
      }
      default: {
        let query = db
          .selectFrom('customers')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['last_name']), '=', r.last));
        if (r.birthDate) query = query.where('birth_date', '=', r.birthDate);
        if (r.first) {
          const first = r.first;
          query = query.where((eb) => eb(eb.fn('lower', ['first_name']), '=', first));
        }
        const rows = await query
          .orderBy('id', 'desc')
          .limit(SEARCH_LIMIT + 1)
          .execute();
        return rows.map((c) => c.id);
      }
    }
  }

  return async function search(text: string): Promise<Search> {
    const reading = readSearch(text);
    const found = await customerIds(reading);
    const ids = found.slice(0, SEARCH_LIMIT);
    const kind: SearchKind = reading.kind;
    if (ids.length === 0) return { kind, customers: [], capped: false };
    const [customers, applications, loans] = await Promise.all([
      db
        .selectFrom('customers')
        .select(['id', 'first_name', 'last_name', 'birth_date', 'email', 'post_code'])
        .where('id', 'in', ids)
        .orderBy('id', 'desc')
        .execute(),
      db
        .selectFrom('applications')
        .select(['customer_id', 'guid', 'status_id', 'id'])
        .where('customer_id', 'in', ids)
        .orderBy('id', 'desc')
        .execute(),
      db
        .selectFrom('loans')
        .select(['customer_id', 'application_id'])
        .where('customer_id', 'in', ids)
        .orderBy('application_id', 'desc')
        .execute(),
    ]);
    const matches: Match[] = customers.map((c) => {
      const app = applications.find((a) => a.customer_id === c.id);
      const loan = loans.find((l) => l.customer_id === c.id);
      return {
        customerId: c.id,
        name: `${c.first_name} ${c.last_name}`,
        birthDate: c.birth_date,
        email: c.email,
        postCode: c.post_code,
        latestApplication: app ? { guid: app.guid, statusId: app.status_id } : null,
        loanReference: loan ? String(loan.application_id) : null,
      };
    });
    return { kind, customers: matches, capped: found.length > SEARCH_LIMIT };
  };
}
