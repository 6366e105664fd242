import type { LoanState } from '@lender/contract/calls/loan-state';

/**
 * Writes where the loan stands into a signed-in page's frame (lib/frame.ts) as soon as the early script's
 * read of it answers: the banner's line is the page's largest text and its figure (the next payment, or
 * what is overdue) the page's first, and written here they paint about half a second before React could
 * draw them (issue 50: the borrow page's LCP and first figure). The frame's slot is the banner React
 * draws, empty (components/loan-state/loan-state-banner.tsx); this fills it as the banner would, and
 * React's own banner, drawn from the same answer, then takes its place word for word. Nothing once React
 * has drawn the page (no frame left), nor for a customer with no loan paid out.
 */
export function drawLoanStateInFrame(answer: LoanState, pathname: string): void {
  const slot = document.querySelector<HTMLElement>('#root[data-frame] [data-frame-slot]');
  if (!slot || answer.state === 'none') return;
  slot.dataset.state = answer.state;
  slot.querySelector('.loan-state__line')!.textContent = answer.statusLine;
  // The figure too (issue 50: the borrow page's first figure is the status and the next payment).
  const figure = answer.figure;
  if (figure) {
    const list = slot.querySelector<HTMLElement>('.loan-state__figure')!;
    list.querySelector('dt')!.textContent = figure.label;
    list.querySelector('dd')!.textContent = figure.text;
    list.hidden = false;
  }
  const step = answer.nextStep;
  // The banner leaves out the link to the page it is on.
  if (step && step.path !== pathname) {
    const link = slot.querySelector<HTMLAnchorElement>('.loan-state__step a')!;
    link.href = step.path;
    link.textContent = step.label;
    link.parentElement!.hidden = false;
  }
  slot.hidden = false;
}
