import type { ComponentProps } from 'react';

/** A UK mobile number box: the phone keypad, and autofill of the number as dialled in the UK (07…). */
export const MobileInput = ({
  className = 'input input--short',
  ...props
}: Omit<ComponentProps<'input'>, 'type'>) => (
  <input className={className} type="tel" inputMode="tel" autoComplete="tel-national" {...props} />
);
