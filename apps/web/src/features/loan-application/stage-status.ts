import { resumePathFor, resumeRouteFor, isEsignStatus, type ResumeRoute } from '@lender/contract/status';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useApplicationStatus } from '../../lib/api/get-application-status';
import { handOverToSigning } from '../../lib/hand-over-to-signing';

/**
 * Spec section 4: each stage screen reads the application status on arrival. When the status belongs to
 * another screen, stage 2 goes there and stages 3 and 4 go home; a failed read goes to the error page.
 * `ready` is true once the status says this screen is the right one.
 */
export function useStageStatus(route: ResumeRoute) {
  const navigate = useNavigate();
  const status = useApplicationStatus();
  // Only this visit's answer counts: the status the previous stage held is still in the cache while the
  // new one is on its way, and it names the previous stage.
  const fresh = status.isFetchedAfterMount ? status.data : undefined;
  const here = fresh ? resumeRouteFor(fresh.appStatusID) === route : false;

  useEffect(() => {
    if (status.error) {
      void navigate('/error', { replace: true });
      return;
    }
    if (!fresh || here) return;
    const { appStatusID, appGuid } = fresh;
    if (route !== '/loan/stage2') {
      void navigate('/', { replace: true });
    } else if (isEsignStatus(appStatusID)) {
      // E-sign happens signed out (spec section 6), with a signing link of this browser's own.
      void handOverToSigning().then((path) => navigate(path, { replace: true }));
    } else {
      void navigate(resumePathFor(appStatusID, appGuid), { replace: true });
    }
  }, [status.error, fresh, here, route, navigate]);

  return { ready: here, status: fresh };
}

/**
 * After a stage's submit the server's new status picks the next screen. E-sign statuses hand the
 * applicant over first: stage 5 is reached signed out, with a signing link (spec sections 4 and 6).
 */
export async function nextPathAfterSubmit(appStatusID: number, appGuid: string | null): Promise<string> {
  if (isEsignStatus(appStatusID)) return handOverToSigning();
  return resumePathFor(appStatusID, appGuid);
}
