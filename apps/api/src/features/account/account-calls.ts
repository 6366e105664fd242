import type { AppContext } from '../../app-context';
import type { ImplementedCall } from '../../plugins/calls';

/** The account calls beyond signing in: passwords, account details and their changes. */
export function accountCalls(_ctx: AppContext): ImplementedCall[] {
  return [];
}
