import type { ComponentProps } from 'react';

/**
 * A short box for digits (an amount, a code, an account number): the phone shows its number pad, and
 * the browser neither suggests earlier entries nor underlines the digits as a misspelling. Props given
 * (a field's a11y props, `register`'s, an `autoComplete` such as `one-time-code`) win over these.
 */
export function DigitsInput(props: ComponentProps<'input'>) {
  return (
    <input
      className="input input--short"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}
