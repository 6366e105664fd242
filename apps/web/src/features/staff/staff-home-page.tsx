import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { staffCall, staffMessage } from './staff-api';
import { formatAge } from './staff-format';
import { may, useStaff } from './staff-session';
import { proposalAge } from './money-words';

function ReferralsQueue() {
  const referrals = useQuery({
    queryKey: ['staffReferrals'],
    queryFn: () => staffCall('underwritingReferrals', undefined),
  });
  if (referrals.error) return <p role="alert">{staffMessage(referrals.error)}</p>;
  if (!referrals.data) return <p aria-busy="true">Counting referrals…</p>;
  const list = referrals.data.referrals;
  const oldest = list.reduce((max, r) => Math.max(max, r.ageMinutes), 0);
  return (
    <p>
      <Link to="/staff/referrals">Referrals</Link>
      <span className="staff-card__count">{list.length}</span>
      {list.length > 0 ? `Oldest waiting ${formatAge(oldest)}` : 'Nothing waiting'}
    </p>
  );
}

function ApprovalsQueue() {
  const waiting = useQuery({
    queryKey: ['staffApprovals'],
    queryFn: () => staffCall('moneyApprovals', undefined),
  });
  if (waiting.error) return <p role="alert">{staffMessage(waiting.error)}</p>;
  if (!waiting.data) return <p aria-busy="true">Counting approvals…</p>;
  const list = waiting.data.proposals.filter((p) => p.state === 'proposed');
  const first = list[0];
  return (
    <p>
      <Link to="/staff/approvals">Approvals</Link>
      <span className="staff-card__count">{list.length}</span>
      {first ? `Oldest waiting ${proposalAge(first)}` : 'Nothing waiting'}
    </p>
  );
}

/** /staff (issue 48): the member's queues, each with how many wait and for how long. */
export function Component() {
  const me = useStaff();
  useEffect(() => {
    document.title = 'Home | Staff console';
  }, []);
  const queues = [
    may(me, 'application:decide') ? <ReferralsQueue key="referrals" /> : null,
    may(me, 'money:approve') ? <ApprovalsQueue key="approvals" /> : null,
  ].filter(Boolean);
  return (
    <>
      <h1>Hello, {me.displayName}</h1>
      <h2>Your queues</h2>
      {queues.length > 0 ? (
        <ul className="staff-cards">
          {queues.map((q, i) => (
            <li className="staff-card" key={i}>
              {q}
            </li>
          ))}
        </ul>
      ) : (
        <p>Your role has no queue yet.</p>
      )}
    </>
  );
}
