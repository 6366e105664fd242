/**
 * What a staff service answers (issue 44): the data of what was done, or why nothing was done in words
 * staff read as they are. The `ops` command prints either; the staff console will show the same.
 */
export type StaffResult<T> = { ok: true; value: T } | { ok: false; message: string; code?: string };

export const staffDone = <T>(value: T): StaffResult<T> => ({ ok: true, value });
/** `code`: which rule refused, where a caller (a test, the console) tells refusals apart. */
export const staffRefused = <T = never>(message: string, code?: string): StaffResult<T> =>
  code ? { ok: false, message, code } : { ok: false, message };
