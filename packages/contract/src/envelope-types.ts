/** The response envelope as plain types (no zod), for the browser's API client. */
export type ApiError = { errorID: number; errorMessage: string };
export type Envelope<T> = { error: ApiError; object: T | null };
