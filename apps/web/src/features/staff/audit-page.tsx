import { londonToday, addDays } from '@lender/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { callRoutes } from 'virtual:call-routes';
import { useEffect, useState, type FormEvent } from 'react';
import { staffCall, staffMessage } from './staff-api';
import { formatInstant } from './staff-format';

type Filters = { from: string; to: string; actor: string; customerId: string };

const query = (f: Filters) => ({
  from: f.from || undefined,
  to: f.to || undefined,
  actor: f.actor.trim() || undefined,
  customerId: f.customerId.trim() || undefined,
});

const csvLink = (f: Filters) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query(f))) if (v !== undefined) params.set(k, String(v));
  return `${callRoutes.auditExport.path}?${params}`;
};

/** A before/after value as a short line of text (the row keeps the whole). */
const valueText = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** /staff/audit (issue 48): every staff act and every record opened, filtered, and as CSV. */
export function Component() {
  useEffect(() => {
    document.title = 'Audit | Staff console';
  }, []);
  const today = londonToday();
  const [filters, setFilters] = useState<Filters>({
    from: addDays(today, -7),
    to: today,
    actor: '',
    customerId: '',
  });
  const events = useQuery({
    queryKey: ['staffAudit', filters],
    queryFn: () => staffCall('auditEvents', query(filters)),
  });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '');
    setFilters({ from: text('from'), to: text('to'), actor: text('actor'), customerId: text('customerId') });
  };
  return (
    <>
      <h1>Audit</h1>
      <form className="staff-filters" onSubmit={apply} aria-label="Filter the audit" noValidate>
        <div className="field">
          <label className="field__label" htmlFor="audit-from">
            From
          </label>
          <input className="input" type="date" id="audit-from" name="from" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-to">
            To
          </label>
          <input className="input" type="date" id="audit-to" name="to" defaultValue={filters.to} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-actor">
            Who (e.g. staff:12)
          </label>
          <input className="input" id="audit-actor" name="actor" defaultValue={filters.actor} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-customer">
            Customer number
          </label>
          <input
            className="input input--short"
            id="audit-customer"
            name="customerId"
            inputMode="numeric"
            defaultValue={filters.customerId}
          />
        </div>
        <button type="submit" className="button">
          Show
        </button>
        <a className="button button--secondary" href={csvLink(filters)} download>
          Export CSV
        </a>
      </form>
      {events.error ? (
        <p role="alert">{staffMessage(events.error)}</p>
      ) : !events.data ? (
        <p aria-busy="true">Loading the audit…</p>
      ) : events.data.events.length === 0 ? (
        <p>Nothing recorded for these filters.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>
              What staff did, newest first
              {events.data.capped
                ? ` (the newest ${events.data.limit}: narrow the filters or export for the rest)`
                : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Of</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((e) => (
                <tr key={e.id}>
                  <td className="staff-when">{formatInstant(e.at)}</td>
                  <td>{e.actorName}</td>
                  <td>{e.action}</td>
                  <td>
                    {e.subjectType ? `${e.subjectType} ${e.subjectId ?? ''}` : ''}
                    {e.customerId ? ` (customer ${e.customerId})` : ''}
                  </td>
                  <td>{valueText(e.before)}</td>
                  <td>{valueText(e.after)}</td>
                  <td>{e.address ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
