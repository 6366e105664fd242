import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type SmtpSink = {
  /** For SMTP_URL. */
  url: string;
  /** Each accepted message as the client sent it after DATA (headers and MIME body). */
  messages: string[];
  close(): Promise<void>;
};

/**
 * A local SMTP server that accepts every message, so a test can read what the outbox's mailer really
 * sent. It offers no extension (no STARTTLS, no AUTH), which nodemailer takes as plain SMTP.
 */
export async function startSmtpSink({
  acceptDelayMs = 0,
}: {
  /** Time taken to accept each message, as a real relay takes: a delivery round then lasts a while. */
  acceptDelayMs?: number;
} = {}): Promise<SmtpSink> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test sink');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          // Recorded once accepted: a client that gave up before the answer has not delivered it.
          const accept = () => {
            messages.push(message);
            reply('250 accepted');
          };
          if (acceptDelayMs > 0) setTimeout(accept, acceptDelayMs);
          else accept();
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const verb = buffer.slice(0, eol).slice(0, 4).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else {
          reply('250 ok');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A message's body as written: quoted-printable soft line breaks joined and escapes decoded. */
export const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
