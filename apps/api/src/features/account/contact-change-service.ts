import type { ContactPreferences } from '@lender/contract/calls/account';
import { isUniqueViolation } from '../../db/unique-violation';
import { randomToken } from '../../lib/secrets';
import type { StoredAddress } from '../../entities/addresses/stored-address';
import type { Customer, Housing } from '../../entities/customers/customer-repository';
import {
  confirmEmailChangeEmail,
  contactChangedSms,
  emailChangeRequestedEmail,
  mobileChangedEmail,
} from './account-emails';
import type { EntityStore } from '../../entities/unit-of-work';
import { PasswordLinkPurpose } from '../../entities/one-time-secrets/password-link-repository';

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

type PasswordNeeded = { kind: 'passwordNeeded' };
export type ChangeEmailOutcome =
  { kind: 'linkSent' } | { kind: 'sameEmail' } | { kind: 'emailTaken' } | PasswordNeeded;
export type ConfirmEmailOutcome =
  { kind: 'changed'; customerId: number } | { kind: 'linkExpired' } | { kind: 'emailTaken' };
export type ChangeMobileOutcome =
  { kind: 'changed' } | { kind: 'unchanged' } | { kind: 'mobileTaken' } | PasswordNeeded;

/** The session asking for a change: whose account, and which sign-in (its password proof). */
type Asking = { customerId: number; familyId: number };
export type ChangeAddressOutcome = { kind: 'changed' | 'unchanged'; addressStr: string };

/** The held address and answers are those sent: every field of the address, its line, and both answers. */
function sameHome(held: Customer, address: StoredAddress, housing: Housing): boolean {
  const fields = Object.keys(address) as (keyof StoredAddress)[];
  return (
    fields.every((field) => held.address[field] === address[field]) &&
    held.livedInAddressId === housing.livedInAddressId &&
    held.residentialStatusId === housing.residentialStatusId
  );
}

/** 'jane.doe@example.com' -> 'j***@example.com': enough to recognise, not to copy into a mail. */
const emailHint = (email: string) => `${email.slice(0, 1)}***${email.slice(email.indexOf('@'))}`;

/**
 * The contact details of the account area. Every change is of the customer whose id the route passes
 * (the session's, or the owner of a confirmation link): nothing in a payload names a customer.
 */
export function contactChangeService(store: EntityStore, links: { publicUrl: string }) {
  const customerOf = async (customerId: number) => {
    const customer = await store.customers.findById(customerId);
    if (!customer) throw new Error('the customer of a session has vanished');
    return customer;
  };

  return {
    /**
     * The new address is used only after its link is followed; until then the current one stays. The
     * address and the number in use both hear of it, with the way to report it.
     */
    async changeEmail({ customerId, familyId }: Asking, newEmail: string): Promise<ChangeEmailOutcome> {
      const customer = await customerOf(customerId);
      if (customer.email === newEmail) return { kind: 'sameEmail' };
      if (!(await store.sessions.passwordIsFresh(familyId))) return { kind: 'passwordNeeded' };
      const owner = await store.customers.findIdByEmail(newEmail);
      if (owner !== null) return { kind: 'emailTaken' };
      const token = randomToken();
      await store.transaction(async ({ emailChanges, outbox }) => {
        await emailChanges.retire(customerId);
        await emailChanges.insert({ customerId, newEmail, token, ttlSeconds: EMAIL_CHANGE_TTL_SECONDS });
        const confirm = confirmEmailChangeEmail({
          firstName: customer.firstName,
          confirmUrl: new URL(`/confirm-email/${token}`, links.publicUrl).toString(),
          validHours: EMAIL_CHANGE_TTL_SECONDS / 3600,
        });
        await outbox.enqueue({ channel: 'email', to: newEmail, ...confirm, secrets: [token] });
        // The owner of the current address hears of it, in case the session is not theirs.
        const notice = emailChangeRequestedEmail({
          firstName: customer.firstName,
          newEmailHint: emailHint(newEmail),
        });
        await outbox.enqueue({ channel: 'email', to: customer.email, ...notice });
        await outbox.enqueue({
          channel: 'sms',
          to: customer.mobile,
          text: contactChangedSms('e-mail address'),
        });
      });
      return { kind: 'linkSent' };
    },

    async confirmEmail(token: string): Promise<ConfirmEmailOutcome> {
      const change = await store.emailChanges.findLive(token);
      if (!change) return { kind: 'linkExpired' };
      try {
        return await store.transaction(async ({ customers, emailChanges, passwordLinks }) => {
          // Checked before the link is claimed: it stays usable if the other account frees the address.
          const owner = await customers.findIdByEmail(change.newEmail);
          if (owner !== null && owner !== change.customerId) return { kind: 'emailTaken' } as const;
          if (!(await emailChanges.claim(change.id))) return { kind: 'linkExpired' } as const;
          await customers.setEmail(change.customerId, change.newEmail);
          // A reset link sent to the old address must not outlive the address.
          await passwordLinks.retire(change.customerId, [PasswordLinkPurpose.resetPassword]);
          return { kind: 'changed', customerId: change.customerId } as const;
        });
      } catch (err) {
        // Another account took the address between the check and the update (its unique index).
        if (isUniqueViolation(err)) return { kind: 'emailTaken' };
        throw err;
      }
    },

    /** The address and the number in use (the old one) hear of it, with the way to report it. */
    async changeMobile({ customerId, familyId }: Asking, mobile: string): Promise<ChangeMobileOutcome> {
      const customer = await customerOf(customerId);
      if (customer.mobile === mobile) return { kind: 'unchanged' };
      if (!(await store.sessions.passwordIsFresh(familyId))) return { kind: 'passwordNeeded' };
      if ((await store.customers.findIdByMobile(mobile)) !== null) return { kind: 'mobileTaken' };
      try {
        await store.transaction(async ({ customers, outbox }) => {
          await customers.setMobile(customerId, mobile);
          const notice = mobileChangedEmail({ firstName: customer.firstName, mobileHint: mobile.slice(-3) });
          await outbox.enqueue({ channel: 'email', to: customer.email, ...notice });
          await outbox.enqueue({
            channel: 'sms',
            to: customer.mobile,
            text: contactChangedSms('mobile number'),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { kind: 'mobileTaken' };
        throw err;
      }
      return { kind: 'changed' };
    },

    async changeAddress(
      customerId: number,
      address: StoredAddress,
      housing: Housing,
    ): Promise<ChangeAddressOutcome> {
      // The same answers again store nothing (issue 31): the page says nothing changed, not 'success'.
      const held = await store.customers.findById(customerId);
      if (held && sameHome(held, address, housing))
        return { kind: 'unchanged', addressStr: held.address.addressStr };
      await store.customers.setAddress(customerId, address, housing);
      return { kind: 'changed', addressStr: address.addressStr };
    },

    /** Each channel whose consent changed is recorded with the change (as easy to withdraw as to give). */
    async changePreferences(customerId: number, wanted: ContactPreferences): Promise<void> {
      await store.transaction(async ({ customers }) => {
        for (const [channel, given] of [
          ['email', wanted.newsByEmail],
          ['sms', wanted.newsBySms],
        ] as const) {
          if (await customers.setConsent(customerId, channel, given)) {
            await customers.recordConsent(customerId, channel, given);
          }
        }
      });
    },
  };
}

export type ContactChangeService = ReturnType<typeof contactChangeService>;
