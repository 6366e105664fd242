import type { CallResponse } from '@lender/contract/api-calls';
import { formatDisplayDate } from '@lender/contract/dates';
import { STAFF_ROLES, type StaffRole } from '@lender/contract/staff-permissions';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../../components/form/field';
import { NoticeBanner, useStaffAction } from './staff-action';
import { staffCall, staffMessage } from './staff-api';
import { Figures } from './staff-figures';
import { formatInstant } from './staff-format';
import { ROLE_NAMES, useStaff } from './staff-session';

type Member = CallResponse<'operationsStaff'>['members'][number];

/** Runs one act of the page, shows its outcome and reloads what it changed. */
const useAct = () => useStaffAction(['staffOperations']);

const formText = (e: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(e.currentTarget).get(name) ?? '').trim();

const waited = (seconds: number) =>
  seconds < 120
    ? `${seconds} seconds`
    : seconds < 7200
      ? `${Math.floor(seconds / 60)} minutes`
      : `${Math.floor(seconds / 3600)} hours`;

function Platform() {
  const overview = useQuery({
    queryKey: ['staffOperations', 'overview'],
    queryFn: () => staffCall('operationsOverview', undefined),
  });
  const { busy, notice, act } = useAct();
  if (overview.error) return <p role="alert">{staffMessage(overview.error)}</p>;
  const o = overview.data;
  if (!o) return <p aria-busy="true">Loading…</p>;
  const setDate = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const date = formText(e, 'date');
    void act(async () => {
      const done = await staffCall('operationsSetBusinessDate', { date });
      return `The business date is now ${formatDisplayDate(done.businessDate)}.`;
    });
  };
  return (
    <section aria-labelledby="ops-platform">
      <h2 id="ops-platform">Platform</h2>
      <NoticeBanner notice={notice} />
      <Figures
        label="Platform"
        rows={[
          ['Business date', formatDisplayDate(o.businessDate)],
          ['Maintenance mode', o.maintenance ? 'On: customers are signed out' : 'Off'],
          [
            'Last close of business',
            o.lastClose
              ? `${formatDisplayDate(o.lastClose.businessDate)}: ${o.lastClose.loansClosed} loan(s), closed ${formatInstant(o.lastClose.closedAt)}`
              : 'No day closed yet',
          ],
          ['Messages waiting', String(o.outbox.pending)],
          ['Messages given up', String(o.outbox.failed)],
          [
            'Oldest waiting',
            o.outbox.oldestPendingSeconds === null ? 'None waiting' : waited(o.outbox.oldestPendingSeconds),
          ],
        ]}
      />
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() =>
          void act(async () => {
            const done = await staffCall('operationsSetMaintenance', { on: !o.maintenance });
            return done.maintenance
              ? 'Maintenance mode is on: every customer has been signed out.'
              : 'Maintenance mode is off.';
          })
        }
      >
        {o.maintenance ? 'Switch maintenance off' : 'Switch maintenance on'}
      </button>
      {o.businessDateSettable ? (
        <form className="form" onSubmit={setDate} aria-label="Business date" noValidate>
          <Field label="New business date" hint="Outside production only; yyyy-MM-dd, later than today's.">
            {(a11y) => <input {...a11y} className="input" name="date" type="date" required />}
          </Field>
          <button type="submit" className="button" disabled={busy}>
            Set the business date
          </button>
        </form>
      ) : (
        <p>In production the business date follows the London calendar.</p>
      )}
    </section>
  );
}

function Partners() {
  const partners = useQuery({
    queryKey: ['staffOperations', 'partners'],
    queryFn: () => staffCall('operationsPartners', undefined),
  });
  const { busy, notice, act } = useAct();
  const [key, setKey] = useState<{ name: string; key: string } | null>(null);
  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = formText(e, 'name');
    const tier = formText(e, 'tier');
    const form = e.currentTarget;
    void act(async () => {
      const done = await staffCall('operationsAddPartner', { name, tierName: tier || null });
      setKey({ name: done.name, key: done.key });
      form.reset();
      return `${done.name} added${done.unknownTier ? ' (tier not known: the standard price applies)' : ''}.`;
    });
  };
  return (
    <section aria-labelledby="ops-partners">
      <h2 id="ops-partners">Partners</h2>
      <NoticeBanner notice={notice} />
      {key ? (
        <div className="banner banner--success" role="status">
          <p>
            The API key of {key.name}, shown this once (we keep only its hash): <code>{key.key}</code>
          </p>
          <button type="button" className="link-button" onClick={() => setKey(null)}>
            I have copied it
          </button>
        </div>
      ) : null}
      {partners.data ? (
        <table className="staff-table">
          <caption>Lead partners</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Tier</th>
              <th scope="col">Key ends</th>
              <th scope="col">Added</th>
              <th scope="col">Key</th>
            </tr>
          </thead>
          <tbody>
            {partners.data.partners.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.tierName ?? 'Standard'}</td>
                <td>{p.keyHint}</td>
                <td>{formatInstant(p.createdAt)}</td>
                <td>
                  {p.revokedAt ? (
                    `Revoked ${formatInstant(p.revokedAt)}`
                  ) : (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy}
                      aria-label={`Revoke the key of ${p.name}`}
                      onClick={() =>
                        void act(async () => {
                          await staffCall('operationsRevokePartner', { name: p.name });
                          return `The key of ${p.name} is revoked.`;
                        })
                      }
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : partners.error ? (
        <p role="alert">{staffMessage(partners.error)}</p>
      ) : null}
      <form className="form" onSubmit={add} aria-label="Add a partner" noValidate>
        <Field label="Partner name" hint="1 to 50 letters, digits, dots, dashes or underscores.">
          {(a11y) => <input {...a11y} className="input" name="name" maxLength={100} required />}
        </Field>
        <Field label="Tier (optional)">
          {(a11y) => <input {...a11y} className="input" name="tier" maxLength={100} />}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          Add the partner
        </button>
      </form>
    </section>
  );
}

function RoleSelect(props: { name: string; id?: string; defaultValue?: StaffRole; label?: string }) {
  const { label, ...rest } = props;
  return (
    <select className="select" aria-label={label} {...rest}>
      {STAFF_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_NAMES[r]}
        </option>
      ))}
    </select>
  );
}

function Sessions({
  member,
  act,
  busy,
}: {
  member: Member;
  act: (run: () => Promise<string>) => Promise<boolean>;
  busy: boolean;
}) {
  const sessions = useQuery({
    queryKey: ['staffOperations', 'sessions', member.staffId],
    queryFn: () => staffCall('operationsStaffSessions', { staffId: member.staffId }),
  });
  if (!sessions.data) return null;
  if (sessions.data.sessions.length === 0) return <p>No session open.</p>;
  return (
    <ul>
      {sessions.data.sessions.map((s) => (
        <li key={s.sessionId}>
          Signed in {formatInstant(s.createdAt)}, last seen {formatInstant(s.lastSeenAt)}{' '}
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await staffCall('operationsEndSession', { sessionId: s.sessionId });
                return `That session of ${member.displayName} has ended.`;
              })
            }
          >
            End this session
          </button>
        </li>
      ))}
    </ul>
  );
}

function StaffAccounts() {
  const me = useStaff();
  const members = useQuery({
    queryKey: ['staffOperations', 'staff'],
    queryFn: () => staffCall('operationsStaff', undefined),
  });
  const { busy, notice, act } = useAct();
  const [open, setOpen] = useState<number | null>(null);
  // The invitation code, shown this once (decision 071): the admin gives it by phone or in person.
  const [code, setCode] = useState<{ email: string; code: string } | null>(null);
  const invite = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = formText(e, 'email');
    const role = formText(e, 'role') as StaffRole;
    const displayName = formText(e, 'displayName');
    const form = e.currentTarget;
    void act(async () => {
      const done = await staffCall('operationsInviteStaff', {
        email,
        role,
        displayName: displayName || null,
      });
      form.reset();
      setCode({ email: done.email, code: done.invitationCode });
      return `Invited ${done.email} as ${ROLE_NAMES[done.role]}: the link went by e-mail and works for 24 hours.`;
    });
  };
  const reinvite = (m: Member) =>
    void act(async () => {
      const done = await staffCall('operationsReinviteStaff', { staffId: m.staffId });
      setCode({ email: done.email, code: done.invitationCode });
      return `Invited ${done.email} again: a new link went by e-mail and works for 24 hours; the earlier one no longer works.`;
    });
  const rows: ReactNode = members.data?.members.map((m) => {
    const self = m.staffId === me.staffId;
    return (
      <tr key={m.staffId}>
        <td>{m.displayName}</td>
        <td>{m.email}</td>
        <td>
          {m.disabled || self ? (
            ROLE_NAMES[m.role]
          ) : (
            <form
              aria-label={`Role of ${m.displayName}`}
              onSubmit={(e) => {
                e.preventDefault();
                const role = formText(e, 'role') as StaffRole;
                void act(async () => {
                  const done = await staffCall('operationsSetStaffRole', { staffId: m.staffId, role });
                  return `${m.displayName} is now ${ROLE_NAMES[done.to]}.`;
                });
              }}
            >
              <RoleSelect name="role" defaultValue={m.role} label={`Role of ${m.displayName}`} />{' '}
              <button type="submit" className="link-button" disabled={busy}>
                Change
              </button>
            </form>
          )}
        </td>
        <td>{m.disabled ? 'Disabled' : m.enrolled ? 'Active' : 'Invited'}</td>
        <td>
          {m.disabled ? null : (
            <>
              <button
                type="button"
                className="link-button"
                aria-expanded={open === m.staffId}
                onClick={() => setOpen(open === m.staffId ? null : m.staffId)}
              >
                Sessions ({m.liveSessions})
              </button>
              {open === m.staffId ? <Sessions member={m} act={act} busy={busy} /> : null}
            </>
          )}
        </td>
        <td>
          {m.disabled || m.enrolled ? null : (
            <>
              <button
                type="button"
                className="link-button"
                disabled={busy}
                aria-label={`Invite again: ${m.displayName}`}
                onClick={() => reinvite(m)}
              >
                Invite again
              </button>{' '}
            </>
          )}
          {m.disabled || self ? null : (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              aria-label={`Disable ${m.displayName}`}
              onClick={() =>
                void act(async () => {
                  const done = await staffCall('operationsDisableStaff', { staffId: m.staffId });
                  return `${m.displayName} is disabled; ${done.sessionsEnded} session(s) ended.`;
                })
              }
            >
              Disable
            </button>
          )}
        </td>
      </tr>
    );
  });
  return (
    <section aria-labelledby="ops-staff">
      <h2 id="ops-staff">Staff accounts</h2>
      <NoticeBanner notice={notice} />
      {code ? (
        <div className="banner banner--success" role="status">
          <p>
            The invitation code of {code.email}, shown this once: <code>{code.code}</code>
          </p>
          <p>
            Give it to them yourself, by phone or in person, never by e-mail: they need it with the link to
            set up their account. If it is lost, invite them again.
          </p>
          <button type="button" className="link-button" onClick={() => setCode(null)}>
            I have noted it
          </button>
        </div>
      ) : null}
      {members.error ? <p role="alert">{staffMessage(members.error)}</p> : null}
      {members.data ? (
        <table className="staff-table">
          <caption>Members of staff</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">Sessions</th>
              <th scope="col">Account</th>
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      ) : null}
      <form className="form" onSubmit={invite} aria-label="Invite a member of staff" noValidate>
        <Field label="E-mail">
          {(a11y) => <input {...a11y} className="input" name="email" type="email" maxLength={254} required />}
        </Field>
        <Field label="Display name (optional)">
          {(a11y) => <input {...a11y} className="input" name="displayName" maxLength={100} />}
        </Field>
        <Field label="Role">{(a11y) => <RoleSelect {...a11y} name="role" defaultValue="agent" />}</Field>
        <button type="submit" className="button" disabled={busy}>
          Send the invitation
        </button>
      </form>
    </section>
  );
}

/** /staff/operations (issue 48 item 9, admin): the platform, partners and staff accounts; every act audited. */
export function Component() {
  useEffect(() => {
    document.title = 'Operations | Staff console';
  }, []);
  return (
    <>
      <h1>Operations</h1>
      <Platform />
      <Partners />
      <StaffAccounts />
    </>
  );
}
