/** Application status ids of spec section 4. */
export const AppStatus = {
  applicationNew: 1,
  leadDeclined: 2,
  offerAccepted: 3,
  cardDeclined: 4,
  cardAccepted: 5,
  applicationCompleted: 6,
  esignSent: 7,
  undewriting: 8,
  leadAccepted: 9,
  leadLanded: 10,
  leadLandedCardDeclined: 11,
  offerSent: 13,
  undewritingReview: 48,
  // Not in the spec (issue 25): the loan's life after underwriting. Ids from 20 up leave the spec's free.
  /** Underwriting approved it; the payout is on its way. */
  approved: 20,
  /** Paid out: instalments are being collected. */
  active: 21,
  /** An instalment is overdue. */
  arrears: 22,
  /** A default notice's remedy date passed with the arrears unpaid. */
  defaulted: 23,
  /** Repaid in full. */
  settled: 24,
  /** Withdrawn within 14 days of the agreement (Consumer Credit Act s66A). */
  withdrawn: 25,
} as const;
export type AppStatusId = (typeof AppStatus)[keyof typeof AppStatus];

export const ResumeRoute = {
  preApproved: '/loan/pre-approved',
  stage2: '/loan/stage2',
  stage3: '/loan/stage3',
  stage4: '/loan/stage4',
  stage5: '/loan/stage5',
  schedule: '/borrow/schedule',
  home: '/',
} as const;
export type ResumeRoute = (typeof ResumeRoute)[keyof typeof ResumeRoute];

/** The resume route per status; stage5 takes the app guid as a path segment. */
export function resumeRouteFor(statusId: number): ResumeRoute {
  switch (statusId) {
    case AppStatus.applicationNew:
      return ResumeRoute.preApproved;
    case AppStatus.offerAccepted:
    case AppStatus.cardDeclined:
      return ResumeRoute.stage2;
    case AppStatus.cardAccepted:
      return ResumeRoute.stage3;
    case AppStatus.leadLanded:
    case AppStatus.applicationCompleted:
      return ResumeRoute.stage4;
    case AppStatus.esignSent:
    case AppStatus.offerSent:
      return ResumeRoute.stage5;
    case AppStatus.active:
    case AppStatus.arrears:
    case AppStatus.defaulted:
      return ResumeRoute.schedule;
    default:
      return ResumeRoute.home;
  }
}

/** The full path to resume at, with the app guid where the route takes one. */
export function resumePathFor(statusId: number, appGuid: string | null | undefined): string {
  const route = resumeRouteFor(statusId);
  return route === ResumeRoute.stage5 && appGuid ? `${route}/${appGuid}` : route;
}

/** E-sign hand-over statuses sign the user out before sending them on (spec section 4). */
export const isEsignStatus = (statusId: number) =>
  statusId === AppStatus.esignSent || statusId === AppStatus.offerSent;

/** Statuses after which an application has ended and a repeat loan may start. */
export const ENDED_STATUSES: readonly number[] = [
  AppStatus.leadDeclined,
  AppStatus.settled,
  AppStatus.withdrawn,
];

/** Statuses of a loan that was paid out and is still owed: the schedule and its payments apply. */
export const LIVE_LOAN_STATUSES: readonly number[] = [
  AppStatus.active,
  AppStatus.arrears,
  AppStatus.defaulted,
];
