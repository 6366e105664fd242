import { useState, type ComponentProps } from 'react';
import './password-input.css';

type Props = Omit<ComponentProps<'input'>, 'type'> & {
  autoComplete: 'current-password' | 'new-password';
  /** What the toggle shows, in its accessible name ('Show new password'): two boxes on a form differ. */
  what?: string;
};

/**
 * A password box with a Show/Hide button beside it, so a person on a phone can check what they typed
 * (GOV.UK password input). The button says which password it shows, and a hidden status line tells a
 * screen reader the password is now visible or hidden.
 */
export function PasswordInput({ ref, autoComplete, what = 'password', ...props }: Props) {
  const [shown, setShown] = useState(false);
  const [status, setStatus] = useState('');
  const toggle = () => {
    setShown(!shown);
    setStatus(`Your ${what} is ${shown ? 'hidden' : 'visible'}`);
  };
  return (
    <div className="password-input">
      <input
        ref={ref}
        className="input"
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        {...props}
      />
      <button
        type="button"
        className="button button--secondary password-input__toggle"
        aria-controls={props.id}
        aria-label={`${shown ? 'Hide' : 'Show'} ${what}`}
        onClick={toggle}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
