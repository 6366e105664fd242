import type { LookupAddress } from '@lender/contract/rules/address';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './address-results.css';

type Props = {
  /** The addresses found; null while no search is open. */
  results: LookupAddress[] | null;
  /** What the last search came to ('3 addresses found', or why none), announced politely when it changes. */
  status: string;
  onPick: (address: LookupAddress) => void;
  /** Escape or 'Close the search': the caller clears what a pick would fill and places focus. */
  onClose: () => void;
  label?: string;
};

// Type-ahead letters typed within this time add up to one search ('1', '2' -> '12 Downing Street').
const TYPE_AHEAD_MS = 700;

/** '1 address found', '3 addresses found'. */
export const foundText = (n: number) => `${n} ${n === 1 ? 'address' : 'addresses'} found`;

/**
 * The addresses at a postcode as a single-select listbox (WAI-ARIA Authoring Practices 'Listbox'): it
 * takes focus when a search returns, the arrow keys, Home, End and type-ahead move the active option
 * (aria-activedescendant, so focus stays on the list and never drops to the page), Enter, Space, click or
 * tap picks, Escape closes. The live region stays mounted between searches so every new count is read.
 */
export function AddressResults({ results, status, onPick, onClose, label = 'Select your address' }: Props) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  // The active option belongs to one list of results: a new search starts again at the first.
  const [activeFor, setActiveFor] = useState<{ results: LookupAddress[] | null; index: number }>({
    results: null,
    index: 0,
  });
  const active = activeFor.results === results ? activeFor.index : 0;
  const open = Boolean(results && results.length > 0);
  const optionId = (i: number) => `${id}-option-${i}`;

  // A search the person asked for has returned: take them to its results.
  useEffect(() => {
    if (results && results.length > 0) listRef.current?.focus();
  }, [results]);

  const list = results ?? [];

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(list.length - 1, index));
    setActiveFor({ results, index: next });
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const typeAhead = (key: string) => {
    const now = Date.now();
    const t = typed.current;
    t.text = (now - t.at > TYPE_AHEAD_MS ? '' : t.text) + key.toLowerCase();
    t.at = now;
    const startsWith = (needle: string, from: number) => {
      for (let k = 0; k < list.length; k++) {
        const i = (from + k) % list.length;
        if (list[i]!.Label.toLowerCase().startsWith(needle)) return i;
      }
      return -1;
    };
    // A first letter looks past the active option; more letters refine the search from it. A letter
    // typed again and again that matches nothing longer steps through the options starting with it, as a
    // native select does.
    let found = startsWith(t.text, t.text.length === 1 ? active + 1 : active);
    if (found < 0 && [...t.text].every((c) => c === t.text[0])) found = startsWith(t.text[0]!, active + 1);
    if (found >= 0) moveTo(found);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const typing = Date.now() - typed.current.at <= TYPE_AHEAD_MS;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(active + 1);
        break;
      case 'ArrowUp':
        moveTo(active - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(list.length - 1);
        break;
      case 'PageDown':
        moveTo(active + 10);
        break;
      case 'PageUp':
        moveTo(active - 10);
        break;
      case 'Enter':
        onPick(list[active]!);
        break;
      case 'Escape':
        onClose();
        break;
      case ' ':
        // A space inside a type-ahead ('12 D') is part of it; otherwise it picks, as on a button.
        if (typing) typeAhead(' ');
        else onPick(list[active]!);
        break;
      default:
        if (e.key.length !== 1) return;
        typeAhead(e.key);
    }
    e.preventDefault();
  };

  return (
    // The status paragraph keeps its place in the tree whether the list is open or not: a live region
    // that is mounted together with its text is often not read.
    <div className={open ? 'field address-results' : 'address-results'}>
      {open ? (
        <p className="field__label" id={`${id}-label`}>
          {label}
        </p>
      ) : null}
      <p role="status" className={open ? 'field__hint' : 'visually-hidden'}>
        {status}
      </p>
      {open ? (
        <>
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            tabIndex={0}
            aria-labelledby={`${id}-label`}
            aria-activedescendant={optionId(active)}
            className="address-results__list"
            onKeyDown={onKeyDown}
          >
            {list.map((r, i) => (
              <li
                key={r.Id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className="address-results__option"
                onClick={() => onPick(r)}
              >
                <LabelText label={r.Label} />
              </li>
            ))}
          </ul>
          <button type="button" className="link-button address-results__close" onClick={onClose}>
            Close the search
          </button>
        </>
      ) : null}
    </div>
  );
}

/** The label with its last part (the postcode) kept on one line, so a phone never splits 'SW1A 2AA'. */
function LabelText({ label }: { label: string }) {
  const cut = label.lastIndexOf(', ');
  if (cut < 0) return label;
  return (
    <span>
      {label.slice(0, cut + 2)}
      <span className="address-results__nowrap">{label.slice(cut + 2)}</span>
    </span>
  );
}
