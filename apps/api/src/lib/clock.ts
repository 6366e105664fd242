/** Now as ISO-8601 UTC text, the form every instant is stored in. */
export const nowIso = (now: Date = new Date()) => now.toISOString();
export const plusSeconds = (seconds: number, from: Date = new Date()) =>
  new Date(from.getTime() + seconds * 1000).toISOString();
