import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { contractResolver, type FieldFor, type SchemaLoader } from './contract-resolver';
import { useErrorTitle } from '../page-errors';
import { controlFor, inPageOrder, listErrors, serverFieldErrors, type ErrorEntry } from './form-errors';

type Options<V extends FieldValues, P> = {
  /** The contract's schema of the payload, loaded on first focus (see SchemaLoader). */
  schema: SchemaLoader<P>;
  defaultValues: DefaultValues<V>;
  /** The form's values (strings as inputs give them) as the payload to check; the values themselves by default. */
  toPayload?: (values: V) => unknown;
  /** Payload paths that another form field shows ('dob' -> 'dobDay'). */
  fieldFor?: FieldFor;
  /** Sends the parsed payload. A 400 answer with field messages is shown on the form; other errors go to onError. */
  onSubmit: (payload: P) => unknown;
  /** Any other failure of onSubmit; without it the error is thrown. */
  onError?: (err: unknown) => void;
  /**
   * Fields a failed send empties: a card's security code, as every new attempt is a new check with the
   * provider, which needs the code typed again (it is never kept).
   */
  clearOnFailure?: Path<V>[];
};

/** One line of the error summary; a line whose field is not on the page has no link target. */
export type SummaryEntry = ErrorEntry & { targetId?: string };

const targetIdOf = (form: HTMLFormElement | null, name: string) => controlFor(form, name)?.id || undefined;

const identity = (v: unknown) => v;
const samePath: FieldFor = (p) => p;

/**
 * The one form pattern: the contract schema checks the values and hands the **parsed** payload to
 * onSubmit; a failed submit (the browser's or the server's 400) lists every message in the error summary
 * in page order and focuses the summary, or the first invalid field when the form shows no summary; the
 * submit is busy while sending and a second press meanwhile does nothing. While it shows errors, the
 * page's title starts with 'Error: '.
 */
export function useContractForm<V extends FieldValues, P extends FieldValues>(options: Options<V, P>) {
  const { schema, toPayload = identity, fieldFor = samePath } = options;
  const form = useForm<V, unknown, P>({
    defaultValues: options.defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus is ours: react-hook-form follows registration order, which is not always the page order.
    shouldFocusError: false,
    resolver: contractResolver(schema, toPayload, fieldFor),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const firstTarget = useRef<HTMLElement | null>(null);
  const sending = useRef(false);
  const [order, setOrder] = useState<SummaryEntry[]>([]);
  const [focusRequests, setFocusRequests] = useState(0);

  // Read in an event, when the fields are on the page: the order and link target of each failed field.
  const failed = useCallback((names: string[]) => {
    const ordered = inPageOrder(formRef.current, names);
    firstTarget.current = controlFor(formRef.current, ordered[0] ?? '');
    setOrder(ordered.map((name) => ({ name, message: '', targetId: targetIdOf(formRef.current, name) })));
    setFocusRequests((n) => n + 1);
  }, []);

  // After React has rendered the messages: the summary if the form shows one, else the first field.
  useEffect(() => {
    if (focusRequests === 0) return;
    const target = summaryRef.current ?? firstTarget.current;
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [focusRequests]);

  const { onSubmit, onError, clearOnFailure = [] } = options;
  const submitValid = form.handleSubmit(
    async (payload) => {
      try {
        await onSubmit(payload);
      } catch (err) {
        for (const name of clearOnFailure) form.setValue(name, '' as PathValue<V, Path<V>>);
        const fields = serverFieldErrors(err, fieldFor);
        if (!fields) {
          if (onError) return onError(err);
          throw err;
        }
        fields.forEach((f) => form.setError(f.name as Path<V>, { type: 'server', message: f.message }));
        failed(fields.map((f) => f.name));
      }
    },
    (errors) => failed(listErrors(errors).map((e) => e.name)),
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await submitValid(event);
    } finally {
      sending.current = false;
    }
  };

  /**
   * A second action of the form beside its submit (the lead page's Calculate): only the fields named are
   * checked, and a failure shows as a failed submit's does (summary, focus); then `action` runs with the
   * form's values, and a 400's field messages from it land on their fields. Other failures are thrown.
   */
  const submitFields = async (names: Path<V>[], action: (values: V) => unknown) => {
    if (sending.current) return;
    sending.current = true;
    try {
      if (!(await form.trigger(names))) {
        failed(names.filter((name) => form.getFieldState(name).invalid));
        return;
      }
      try {
        await action(form.getValues());
      } catch (err) {
        const fields = serverFieldErrors(err, fieldFor);
        if (!fields) throw err;
        fields.forEach((f) => form.setError(f.name as Path<V>, { type: 'server', message: f.message }));
        failed(fields.map((f) => f.name));
      }
    } finally {
      sending.current = false;
    }
  };

  const errors = form.formState.errors;
  const live = listErrors(errors);
  useErrorTitle(live.length > 0);
  // Live messages in the order of the last failed submit; a message that appeared since goes last.
  const rank = (name: string) => {
    const i = order.findIndex((e) => e.name === name);
    return i === -1 ? order.length : i;
  };
  // A message that appeared after the last submit (a block shown since) finds its field on the page as is.
  const entries: SummaryEntry[] = live
    .map((e) => {
      const known = order.find((o) => o.name === e.name);
      return { ...e, targetId: known ? known.targetId : targetIdOf(formRef.current, e.name) };
    })
    .sort((a, b) => rank(a.name) - rank(b.name));

  const preload = useMemo(() => () => void schema(), [schema]);

  return {
    form,
    /** The message shown on a field, if any. */
    errorOf: (name: Path<V>) => (get(errors, name) as { message?: string } | undefined)?.message,
    /** Spread on the <form>. */
    formProps: { ref: formRef, noValidate: true, onSubmit: handleSubmit, onFocusCapture: preload },
    /** Give to <ErrorSummary>. */
    summary: { ref: summaryRef, entries },
    busy: form.formState.isSubmitting,
    submitFields,
  };
}
