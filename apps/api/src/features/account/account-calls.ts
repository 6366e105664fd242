import type { AppContext } from '../../app-context';
import type { ImplementedCall } from '../../plugins/calls';
import { accountDetailsService } from './account-details-service';
import { entityStore } from '../../entities/unit-of-work';
import { changeAddress } from './change-address';
import { changeContactPreference } from './change-contact-preference';
import { changeEmail } from './change-email';
import { changeMobile } from './change-mobile';
import { changePassword } from './change-password';
import { changePasswordByGuid } from './change-password-by-guid';
import { confirmEmailChange } from './confirm-email-change';
import { confirmPassword } from './confirm-password';
import type { LoginService } from './login-service';
import { contactChangeService } from './contact-change-service';
import { forgotPassword } from './forgot-password';
import { getAccountDetails } from './get-account-details';
import { getCreditSearches } from './get-credit-searches';
import { PASSWORD_LIMITS, passwordService } from './password-service';

/** The account calls beyond signing in: passwords, account details and their changes. */
export function accountCalls(ctx: AppContext, logins: LoginService): ImplementedCall[] {
  const store = entityStore(ctx);
  const links = { publicUrl: ctx.config.PUBLIC_URL };
  // Counted in the database: every API process shares them (docs/decisions/032).
  const window = { windowMs: PASSWORD_LIMITS.windowMs };
  const forgotPerAddress = ctx.limits.limiter({
    scope: 'forgot-address',
    limit: ctx.config.PASSWORD_RESETS_PER_ADDRESS,
    ...window,
  });
  const wrongPasswords = ctx.limits.limiter({
    scope: 'wrong-password',
    limit: PASSWORD_LIMITS.wrongPasswordTries,
    ...window,
  });
  const passwords = passwordService(store, links, wrongPasswords);
  const contacts = contactChangeService(store, links);
  const { security } = ctx;
  return [
    forgotPassword(passwords, forgotPerAddress, security),
    changePasswordByGuid(passwords, logins),
    changePassword(passwords),
    confirmPassword(passwords, security),
    getAccountDetails(accountDetailsService(store)),
    changeEmail(contacts, security),
    confirmEmailChange(contacts, security),
    changeMobile(contacts, security),
    changeAddress(contacts),
    changeContactPreference(contacts),
    getCreditSearches(store),
  ];
}
