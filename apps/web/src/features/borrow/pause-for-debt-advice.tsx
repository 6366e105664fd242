import { PLAN_PAUSE_MAX_DAYS } from '@lender/contract/constants';
import { formatDisplayDate } from '@lender/contract/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { callApi, serverMessage } from '../../lib/api-client';
import { forgetLoanState } from '../../lib/api/get-loan-state';
import { scheduleNotice } from './schedule-notice';

/** MyAccountArea/PauseForDebtAdvice (issue 46 item 7, docs/decisions/075). */
export const pauseForDebtAdvice = () =>
  callApi('pauseForDebtAdvice', undefined, { loaderMessage: 'Pausing your payments.' });

/**
 * The customer in arrears tells us they are getting debt advice: payments are paused for 30 days, asked
 * first in a dialog (once per loan online). The schedule then shows the plan the pause made, with what
 * happens next; every read of the loan is asked afresh there.
 */
export function PauseForDebtAdvice() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      title="Pause your payments while you get debt advice?"
      openLabel={`Pause my payments for ${PLAN_PAUSE_MAX_DAYS} days`}
      confirmLabel="Yes, pause them"
      busyLabel="Pausing…"
      cancelLabel="No, go back"
      errorOf={(err) => serverMessage(err)}
      onConfirm={async () => {
        const { pauseUntil } = await pauseForDebtAdvice();
        forgetLoanState(queryClient);
        await queryClient.invalidateQueries();
        void navigate('/borrow/schedule', {
          state: scheduleNotice(
            `Your payments are paused until ${formatDisplayDate(pauseUntil)} while you get debt advice.`,
            'We will not take or ask for any payment until then, and add no interest or fees. Your schedule below shows what is due after the pause. We have e-mailed you the details.',
          ),
        });
      }}
    >
      <p>
        We will not take or ask for any payment for {PLAN_PAUSE_MAX_DAYS} days, and add no interest or fees
        while you keep to the plan. What you owe then falls due after the pause, and you pay it yourself:
        nothing is collected from a card. You can pause online once for this loan; after that, please call us.
      </p>
    </ConfirmDialog>
  );
}
