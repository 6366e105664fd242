/**
 * What a staff service answers (issue 44): the data of what was done, or why nothing was done in words
 * staff read as they are. The `ops` command prints either; the staff console will show the same.
 */
export type StaffResult<T> = { ok: true; value: T } | { ok: false; message: string };

export const staffDone = <T>(value: T): StaffResult<T> => ({ ok: true, value });
export const staffRefused = <T = never>(message: string): StaffResult<T> => ({ ok: false, message });
