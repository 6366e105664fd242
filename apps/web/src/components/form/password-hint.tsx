import { passwordRequirements } from '@lender/contract/rules/password-rules';
import { useId } from 'react';

/**
 * Every rule the server applies to a new password, listed before the customer types (issue 31): the
 * contract's list, so the hint and the checks cannot drift apart. Given as a Field's hint, it is read
 * with the input through aria-describedby.
 */
export function PasswordHint({ changing = false }: { changing?: boolean }) {
  const id = useId();
  return (
    <>
      <span id={id}>Your new password needs:</span>
      <ul className="password-hint" aria-labelledby={id}>
        {passwordRequirements({ changing }).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}
