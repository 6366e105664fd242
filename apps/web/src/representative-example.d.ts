/*
 * The representative example of spec section 1 as the contract's pricing engine computes it
 * (`representativeExamples()`), made into modules when Vite runs: apps/web/build/representative-example-plugin.ts.
 */

declare module 'virtual:representative-example' {
  import type { RepresentativeExample } from '@lender/contract/pricing/representative-example';

  /** At the standard daily rate: what a visitor applying on our website is offered. */
  export const standard: RepresentativeExample;
  /** At the daily rate for visitors who arrive through a lead provider. */
  export const provider: RepresentativeExample;
}

declare module 'virtual:representative-example/text' {
  /** `representativeSentence(standard)`: 'Borrowing £300 over 90 days in 3 instalments: interest ...'. */
  export const sentence: string;
  /** `formatApr(standard.aprPercent)`: '1,269.5%'. */
  export const apr: string;
}
