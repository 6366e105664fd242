import { CHARACTERISTIC_NAMES } from '@lender/contract/calls/staff-care';
import { formatDisplayDate } from '@lender/contract/dates';
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

function CollectionsQueue() {
  const list = useQuery({
    queryKey: ['staffWorklist', 'all'],
    queryFn: () => staffCall('collectionsWorklist', {}),
  });
  if (list.error) return <p role="alert">{staffMessage(list.error)}</p>;
  if (!list.data) return <p aria-busy="true">Counting loans in arrears…</p>;
  const oldest = list.data.loans.reduce((max, l) => Math.max(max, l.daysPastDue), 0);
  return (
    <p>
      <Link to="/staff/collections">Collections</Link>
      <span className="staff-card__count">{list.data.loans.length}</span>
      {list.data.loans.length > 0 ? `Longest ${oldest} days past due` : 'No loan in arrears'}
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

function ReviewsDueQueue() {
  const due = useQuery({
    queryKey: ['staffReviewsDue'],
    queryFn: () => staffCall('vulnerabilityReviewsDue', undefined),
  });
  if (due.error) return <p role="alert">{staffMessage(due.error)}</p>;
  if (!due.data) return <p aria-busy="true">Counting reviews…</p>;
  const list = due.data.reviews;
  return (
    <>
      <p>
        Vulnerability reviews due
        <span className="staff-card__count">{list.length}</span>
        {list.length > 0 ? `${list.filter((r) => r.overdue).length} overdue` : 'None due within 7 days'}
      </p>
      {list.length > 0 ? (
        <ul>
          {list.map((r) => (
            <li key={r.vulnerabilityId}>
              <Link to={`/staff/customers/${r.customerId}`}>{r.customerName}</Link>:{' '}
              {CHARACTERISTIC_NAMES[r.characteristic]}, review by {formatDisplayDate(r.reviewOn)}
              {r.overdue ? ' (overdue)' : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ComplaintsQueue() {
  const list = useQuery({
    queryKey: ['staffComplaints', 'open'],
    queryFn: () => staffCall('complaintsList', {}),
  });
  if (list.error) return <p role="alert">{staffMessage(list.error)}</p>;
  if (!list.data) return <p aria-busy="true">Counting complaints…</p>;
  const open = list.data.complaints;
  const overdue = open.filter((c) => c.clock === 'overdue').length;
  const dueSoon = open.filter((c) => c.clock === 'dueSoon').length;
  return (
    <p>
      <Link to="/staff/complaints">Complaints</Link>
      <span className="staff-card__count">{open.length}</span>
      {open.length > 0
        ? `${overdue} overdue, ${dueSoon} due within 7 days; oldest received ${formatDisplayDate(open.reduce((min, c) => (c.receivedOn < min ? c.receivedOn : min), open[0]!.receivedOn))}`
        : 'No open complaint'}
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
    may(me, 'collections:worklist') ? <CollectionsQueue key="collections" /> : null,
    may(me, 'customer:note') ? <ReviewsDueQueue key="reviews" /> : null,
    may(me, 'money:approve') ? <ApprovalsQueue key="approvals" /> : null,
    may(me, 'complaint:handle') ? <ComplaintsQueue key="complaints" /> : null,
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
