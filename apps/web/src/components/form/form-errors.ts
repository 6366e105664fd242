import type { FieldErrors } from 'react-hook-form';
import { ApiCallError } from '../../lib/api-client';
import type { FieldFor } from './contract-resolver';

export type ErrorEntry = { name: string; message: string };

/** Every message in react-hook-form's (possibly nested) error object, with its dotted field name. */
export function listErrors(errors: FieldErrors, prefix = ''): ErrorEntry[] {
  return Object.entries(errors).flatMap(([key, value]): ErrorEntry[] => {
    if (!value || typeof value !== 'object') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return [{ name, message }];
    return listErrors(value as FieldErrors, name);
  });
}

/** The control a field name belongs to: the form's element of that name (the first radio of a group). */
export function controlFor(form: HTMLFormElement | null, name: string): HTMLElement | null {
  const found = name ? form?.elements.namedItem(name) : null;
  if (!found) return null;
  return found instanceof RadioNodeList
    ? ((found[0] as HTMLElement | undefined) ?? null)
    : (found as HTMLElement);
}

/**
 * The name a person knows a field by, for its line in the error summary (issue 31: a line always says
 * which field it is about, as the spec's own messages, 'This field is required.', may not). Read from the
 * page once its messages are shown: a name the control is given (`data-summary-name`, for tick boxes whose
 * label is a whole declaration); else, when the message is shown on the control's group rather than on
 * the control (radios, a date's parts, the expenses), the group's legend; else the control's label.
 * Parts hidden from screen readers (aria-hidden) are left out, as a screen reader would.
 */
export function fieldNameOf(control: HTMLElement | null): string | undefined {
  if (!control) return undefined;
  const given = control.dataset.summaryName;
  if (given) return given;
  const ownError = document.getElementById(`${control.id}-error`);
  const group = control.closest('fieldset.field--error');
  const label =
    !ownError && group
      ? group.querySelector(':scope > legend')
      : ((control as HTMLInputElement).labels?.[0] ??
        control.closest('fieldset.field')?.querySelector(':scope > legend'));
  return label ? spokenText(label) : undefined;
}

/** An element's text without its aria-hidden parts, spaces collapsed. */
function spokenText(element: Element): string | undefined {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent?.replace(/\s+/g, ' ').trim() || undefined;
}

/** Whether a text holds a name as whole words, whatever its case (the name read as written, not a pattern). */
const holdsWords = (text: string, name: string) =>
  new RegExp(`(^|\\W)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\W)`, 'i').test(text);

/**
 * How a field's name leads its summary line: 'Employer name: ', or 'Do you own the home? ' for a question;
 * nothing when the message already names the field ('Enter your monthly rent, or 0' under Rent, 'Please
 * enter your employment length.' under 'Employment length (months)'), which the line would only read twice.
 */
export function fieldLead(field: string, message: string): string {
  const name = field.replace(/[?:.!]$/, '');
  if (holdsWords(message, name) || holdsWords(message, name.replace(/\s*\([^)]*\)$/, ''))) return '';
  return /[?:.!]$/.test(field) ? `${field} ` : `${field}: `;
}

/** Field names in the order a person meets their controls on the page; names with no control go last. */
export function inPageOrder(form: HTMLFormElement | null, names: string[]): string[] {
  const at = new Map(names.map((n) => [n, controlFor(form, n)]));
  return [...names].sort((a, b) => {
    const ea = at.get(a);
    const eb = at.get(b);
    if (!ea || !eb) return Number(!ea) - Number(!eb);
    return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * The field messages of an HTTP 400 answer (`object.fields`, keyed by payload path) as form field names,
 * or null when the error is anything else (the page decides what that means).
 */
export function serverFieldErrors(err: unknown, fieldFor: FieldFor = (p) => p): ErrorEntry[] | null {
  if (!(err instanceof ApiCallError) || err.status !== 400) return null;
  const fields = (err.object as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return null;
  const entries = Object.entries(fields as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([path, message]) => ({ name: fieldFor(path), message }));
  return entries.length > 0 ? entries : null;
}
