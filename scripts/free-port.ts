import net from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A port the kernel just gave out on the loopback address. Another process may take it before the
 * caller binds it: callers that start a server on it retry on EADDRINUSE.
 *
 * The one copy for every workspace that starts servers (the crash test, the bench, the browser tests'
 * Playwright config), imported by relative path.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// `node --import tsx scripts/free-port.ts` prints one, for shell scripts (scripts/with-postgres.sh).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await freePort());
}
