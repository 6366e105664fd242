import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { staffMessage } from './staff-api';
import { fieldErrors } from './staff-field-errors';

/** What the last act did, in a sentence: kept by the page or panel, above its forms. */
export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** The notice as a banner: a status read out politely, an error as an alert. */
export function NoticeBanner({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <div className={`banner banner--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </div>
  );
}

/**
 * The console's one way of acting from a form (issue 48): busy while the call runs (its buttons are
 * disabled, so a double click acts once), the outcome as a notice (the server's own message when it
 * refuses), and the queries the act may have changed read again, whether it succeeded or not.
 * `act` answers whether it succeeded, so a form can clear itself.
 */
export function useStaffAction(...refresh: QueryKey[]) {
  const queries = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ kind: 'success', text: await run() });
      return true;
    } catch (err) {
      setNotice({ kind: 'error', text: staffMessage(err) });
      return false;
    } finally {
      setBusy(false);
      await Promise.all(refresh.map((queryKey) => queries.invalidateQueries({ queryKey })));
    }
  };
  return { notice, setNotice, busy, act };
}

/**
 * The contract's field messages for a payload, set on the form, and whether it may be sent: the same
 * schema the server checks with, so a refusal reads the same before sending as after.
 */
export function validFor<T>(
  schema: z.ZodType,
  payload: T,
  setErrors: (errors: Record<string, string>) => void,
): boolean {
  const errors = fieldErrors(schema, payload);
  setErrors(errors);
  return Object.keys(errors).length === 0;
}
