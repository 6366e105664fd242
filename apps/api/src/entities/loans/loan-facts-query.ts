import type { IsoDate } from '@lender/contract/dates';
import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';

/** One row of `loanFactsRow`: null where the customer has no such thing. */
export type LoanFactsRow = {
  is_legal: number | null;
  newest_status_id: number | null;
  newest_id: number | null;
  application_id: number | null;
  blocked_on: string | null;
  settled_on: string | null;
  loan_status_id: number | null;
  notice_on: string | null;
  repay_by: string | null;
  letter_issued_on: string | null;
  letter_reply_by: string | null;
  letter_state: string | null;
  space_last_day: string | null;
  card_last4: string | null;
};

/**
 * The facts' common table expressions: `k` (the customer and the day), `newest` (their newest
 * application) and `latest` (their latest loan paid out). They bind the customer and the day once each.
 */
export const factsCtes = (customerId: number, today: IsoDate) => sql`
  with k as (select cast(${customerId} as integer) as customer_id, cast(${today} as varchar(10)) as today),
  newest as (
    select a.id, a.status_id from applications a, k
    where a.customer_id = k.customer_id order by a.id desc limit 1
  ),
  latest as (
    select l.application_id, l.blocked_on, l.settled_on from loans l, k
    where l.customer_id = k.customer_id and l.funded_on is not null
    order by l.application_id desc limit 1
  )`;

/**
 * The facts' one row, from `factsCtes`' tables; with `card`, the newest card's last four digits too (the
 * borrow pages show them; GetLoanState does not ask for them).
 */
export const factsSelect = ({ card }: { card: boolean }) => sql`
  select c.is_legal, newest.status_id as newest_status_id, newest.id as newest_id,
    latest.application_id, latest.blocked_on, latest.settled_on,
    (select a.status_id from applications a where a.id = latest.application_id) as loan_status_id,
    w.notice_on, w.repay_by,
    p.issued_on as letter_issued_on, p.reply_by as letter_reply_by, p.state as letter_state,
    (select case when b.ended_on is not null and b.ended_on < b.ends_on then b.ended_on else b.ends_on end
      from breathing_spaces b
      where b.application_id = latest.application_id and b.started_on <= k.today
        and k.today <= case when b.ended_on is not null and b.ended_on < b.ends_on then b.ended_on else b.ends_on end
      order by b.id limit 1) as space_last_day,
    ${card ? sql`(select d.last4 from cards d where d.customer_id = k.customer_id order by d.id desc limit 1)` : sql`null`} as card_last4
  from k
  left join customers c on c.id = k.customer_id
  left join newest on 1 = 1
  left join latest on 1 = 1
  left join loan_withdrawals w on w.application_id = latest.application_id
  left join pre_claim_letters p on p.id = (
    select min(o.id) from pre_claim_letters o where o.customer_id = k.customer_id and o.state <> 'closed'
  )`;

/**
 * The facts a loan's state is read from (loan-state.ts), in one statement: the customer's newest
 * application, their latest loan paid out and its application's status, the legal flag, the Letter of
 * Claim in progress, the notice of withdrawal, and the last day of the Breathing Space covering `today`.
 * Read on every signed-in page (GetLoanState); the borrow pages read them with the customer's loans, in
 * the same statement (customer-loan-rows.ts). As seven small queries, each one's socket writes on both
 * sides were most of those calls' cost (bench/README.md). The last day of a moratorium is moratorium.ts's
 * `lastDayOf`, written in SQL: the day staff ended it when that came first, else its planned last day.
 * Dates are `yyyy-MM-dd` text, so they compare as strings.
 */
export const loanFactsRow = preparedQuery(
  (db, customerId: number, today: IsoDate) => ({
    compile: () =>
      sql<LoanFactsRow>`${factsCtes(customerId, today)} ${factsSelect({ card: false })}`.compile(db),
  }),
  1,
  '2000-01-01' as IsoDate,
);
