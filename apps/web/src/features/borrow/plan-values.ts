/**
 * The reschedule step's inputs as they hold them: strings, checked by rescheduleFormSchema on submit, and
 * kept by the wizard for Back (plan-step.tsx).
 */
export type PlanValues = { amount: string; frequencyID: string; duration: string; repayDate: string };

export const emptyPlan: PlanValues = { amount: '', frequencyID: '', duration: '', repayDate: '' };
