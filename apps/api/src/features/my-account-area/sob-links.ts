import type { DbExecutor } from '../../db/create-db';
import { DOWNLOAD_LINK_TTL_SECONDS, downloadLinks } from '../../entities/one-time-secrets/download-links';

export const SOB_LINK_TTL_SECONDS = DOWNLOAD_LINK_TTL_SECONDS;

/** The summary of borrowing's download links (issue 25): single use, two minutes. */
export const sobLinks = (db: DbExecutor) => downloadLinks(db, 'sob-download');

export type SobLinks = ReturnType<typeof sobLinks>;
