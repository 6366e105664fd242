import type { ProviderTransport } from '../../lib/provider-transports';
import { PROTOCOL_FAILURES, SANDBOX_FAULT, type MerchantAnswer, type MerchantCall } from './merchant-call';

const failure = (status: number, error: string) => ({ status, body: JSON.stringify({ error }) });

/** The body as the server's parsers read it: JSON, or plain text (which no call accepts); else refused. */
function bodyOf(contentType: string, body: string | undefined): { read: unknown } | { refused: number } {
  if (/^text\/plain\b/i.test(contentType)) return { read: body };
  if (!/^application\/json\b/i.test(contentType)) return { refused: 415 };
  try {
    return { read: JSON.parse(body ?? '') };
  } catch {
    return { refused: 400 };
  }
}

/**
 * The sandbox's server-to-server calls spoken to in process: the request the adapter would send over the
 * network (method, path, secret key header, JSON body) handed to the same call the HTTP route serves, and
 * its status and JSON body handed back. Only the HTTP framing is left out: through `app.inject` a charge
 * cost about twice the CPU (a due day sends one per loan, docs/decisions/076). A body is refused as the
 * server refuses it; an unknown path answers 404; a fault answers 500, as the server's error handler
 * does, and is reported on stderr (the sandbox never runs in production).
 */
export function inProcessTransport(calls: Record<string, MerchantCall>): ProviderTransport {
  return async ({ method = 'POST', path, headers, body }) => {
    const call = calls[path];
    if (!call || method !== 'POST') return failure(404, 'Not found.');
    const parsed = bodyOf(headers['content-type'] ?? '', body);
    if ('refused' in parsed) return failure(parsed.refused, PROTOCOL_FAILURES[parsed.refused]!);
    let answer: MerchantAnswer;
    try {
      answer = await call({ authorization: headers.authorization, body: parsed.read });
    } catch (err) {
      console.error('card-provider sandbox fault', err);
      return failure(500, SANDBOX_FAULT);
    }
    return { status: answer.status, body: JSON.stringify(answer.body) };
  };
}
