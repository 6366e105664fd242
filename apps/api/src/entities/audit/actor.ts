/**
 * Who acted (issue 44, docs/decisions/041-actors-and-staff-services.md): stored as text on every decision, flag, staff
 * action and ledger posting made by a person, so a row says who did it without a join.
 * - `customer:<id>`: the customer, through their session (a withdrawal, signing, accepting a reschedule).
 * - `staff:<id>`: a member of staff, through the staff console.
 * - `partner:<id>`: a lead partner, through its API key (`partners.id`).
 * - `system:<job>`: an automated job (`underwriting`, `close-of-business`, `payouts`, `lead-expiry`).
 * - `ops`: the command line (`npm run ops`), which has no named person behind it.
 */
export type Actor =
  `customer:${number}` | `staff:${number}` | `partner:${number}` | `system:${string}` | 'ops';

export type ActorKind = 'customer' | 'staff' | 'partner' | 'system' | 'ops';

/** A parsed actor: its kind and the id (a number) or job name (for `system`). */
export type ParsedActor =
  { kind: 'customer' | 'staff' | 'partner'; id: number } | { kind: 'system'; job: string } | { kind: 'ops' };

const positiveId = (id: number) => {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`Not an id for an actor: ${id}.`);
  return id;
};

/** A job's name is a short kebab-case word: it is read by people and matched in queries. */
const JOB = /^[a-z][a-z0-9-]{0,49}$/;

export const customerActor = (customerId: number): Actor => `customer:${positiveId(customerId)}`;
export const staffActor = (staffId: number): Actor => `staff:${positiveId(staffId)}`;
export const partnerActor = (partnerId: number): Actor => `partner:${positiveId(partnerId)}`;
export const systemActor = (job: string): Actor => {
  if (!JOB.test(job)) throw new Error(`Not a job name for an actor: ${job}.`);
  return `system:${job}`;
};
export const OPS: Actor = 'ops';

/** The jobs that decide on their own; one name each, so the audit reads the same everywhere. */
export const SYSTEM = {
  underwriting: systemActor('underwriting'),
  closeOfBusiness: systemActor('close-of-business'),
  payouts: systemActor('payouts'),
  leadExpiry: systemActor('lead-expiry'),
} as const;

/** The actor a stored text names, or null when it is not one (so a bad row is seen, not guessed). */
export function parseActor(text: string): ParsedActor | null {
  if (text === 'ops') return { kind: 'ops' };
  const match = /^(customer|staff|partner|system):(.+)$/.exec(text);
  if (!match) return null;
  const [, kind, rest] = match as unknown as [string, ActorKind, string];
  if (kind === 'system') return JOB.test(rest) ? { kind, job: rest } : null;
  if (!/^[1-9]\d{0,15}$/.test(rest)) return null;
  return { kind: kind as 'customer' | 'staff' | 'partner', id: Number(rest) };
}

/** Text from outside (a column, an argument) as an Actor, or an error naming it. */
export function asActor(text: string): Actor {
  if (!parseActor(text)) throw new Error(`Not an actor: ${text}.`);
  return text as Actor;
}
