import { formatDisplayDate } from '@lender/contract/dates';
import { statusText } from '@lender/contract/status-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { staffCall, staffMessage } from './staff-api';

const KIND_WORDS: Record<string, string> = {
  nameAndBirthDate: 'name and date of birth',
  name: 'name',
  email: 'e-mail',
  mobile: 'mobile',
  postCode: 'postcode',
  applicationGuid: 'application reference',
  loanReference: 'loan number',
};

/** /staff/search (issue 48 item 3): one box, read as a name, e-mail, mobile, postcode, application or loan. */
export function Component() {
  useEffect(() => {
    document.title = 'Search | Staff console';
  }, []);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const found = useQuery({
    queryKey: ['staffSearch', q],
    queryFn: () => staffCall('customersSearch', { q }),
    enabled: q !== '',
    retry: false,
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    setParams(text ? { q: text } : {});
  };
  return (
    <>
      <h1>Search</h1>
      <form className="staff-filters" role="search" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="search-q">
            Name (and date of birth), e-mail, mobile, postcode, application reference or loan number
          </label>
          <input className="input" id="search-q" name="q" type="search" defaultValue={q} key={q} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {q === '' ? null : found.error ? (
        <p role="alert">{staffMessage(found.error)}</p>
      ) : !found.data ? (
        <p aria-busy="true">Searching…</p>
      ) : found.data.customers.length === 0 ? (
        <p role="status">No customer found by {KIND_WORDS[found.data.kind]}.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>
              Customers found by {KIND_WORDS[found.data.kind]}
              {found.data.capped ? ' (the newest 50: add a date of birth to narrow it)' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Date of birth</th>
                <th scope="col">E-mail</th>
                <th scope="col">Postcode</th>
                <th scope="col">Latest application</th>
                <th scope="col">Loan number</th>
              </tr>
            </thead>
            <tbody>
              {found.data.customers.map((c) => (
                <tr key={c.customerId}>
                  <th scope="row">
                    <Link to={`/staff/customers/${c.customerId}`}>{c.name}</Link>
                  </th>
                  <td>{formatDisplayDate(c.birthDate)}</td>
                  <td>{c.email}</td>
                  <td>{c.postCode}</td>
                  <td>{c.latestApplication ? statusText(c.latestApplication.statusId).name : '—'}</td>
                  <td>
                    {c.loanReference ? (
                      <Link to={`/staff/loans/${c.loanReference}`}>{c.loanReference}</Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
