import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<'input'>, 'type' | 'autoComplete'> & {
  /** 'username' where the address signs the customer in (password managers pair it), else 'email'. */
  autoComplete?: 'email' | 'username';
};

/**
 * An e-mail address box: the e-mail keyboard on a phone, no capital letter or spelling fix forced onto
 * the address, and the browser's autofill.
 */
export const EmailInput = ({ autoComplete = 'email', className = 'input', ...props }: Props) => (
  <input
    className={className}
    type="email"
    autoComplete={autoComplete}
    autoCapitalize="none"
    spellCheck={false}
    {...props}
  />
);
