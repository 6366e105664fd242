import type { DocumentsSent } from '../features/pre-claim/documents-sent';

/** `ops legal <guid> documents-sent`. */
export const documentsSentLines = (d: DocumentsSent) => [
  `${d.guid}: documents the reply asked for sent on ${d.sentOn}; no claim before ${d.noClaimBefore}.`,
];
