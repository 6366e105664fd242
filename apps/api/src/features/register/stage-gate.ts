import { AppStatus } from '@lender/contract/status';

/**
 * The statuses each stage may be submitted from (spec section 4's resume map read backwards): any other
 * status means the stage is not open, and the call changes nothing.
 */
export const STAGE_OPEN_FROM = {
  stage2: [AppStatus.offerAccepted, AppStatus.cardDeclined],
  stage3: [AppStatus.cardAccepted],
  stage4: [AppStatus.applicationCompleted, AppStatus.leadLanded],
} as const satisfies Record<string, readonly number[]>;
