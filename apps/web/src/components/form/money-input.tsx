import type { ComponentProps, FocusEvent } from 'react';
import './money-input.css';

/**
 * A box for an amount of money in pounds (GOV.UK's pattern): the pound sign shown before it and not
 * part of the value (a screen reader hears the label, not '£' twice: it is hidden from it), the phone's
 * keyboard with a decimal point, no suggestions of earlier entries and no spelling underline. A box
 * that holds only the starting 0 selects it on focus, so what is typed replaces it.
 */
export function MoneyInput({ onFocus, ...props }: ComponentProps<'input'>) {
  const selectZero = (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value === '0') event.currentTarget.select();
    onFocus?.(event);
  };
  return (
    <div className="amount-box">
      <span className="amount-box__prefix" aria-hidden="true">
        £
      </span>
      <input
        className="input amount-box__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        {...props}
        onFocus={selectZero}
      />
    </div>
  );
}
