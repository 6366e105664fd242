import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { londonToday } from '@lender/contract/dates';
import { createDb } from '../../apps/api/src/db/create-db';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import {
  CRA_SANDBOX_PATH,
  registerCreditReferenceSandbox,
} from '../../apps/api/src/sandbox/credit-reference/register-sandbox';
import { freePort } from '../../scripts/free-port';
import { onCleanup } from './lifecycle';

export type LoopbackAgency = {
  /** The settings a bench server takes to search this agency over TLS (production requires https). */
  env: { CRA_URL: string; CRA_KEY: string; NODE_EXTRA_CA_CERTS: string };
  /** How long each search took the agency to answer, in ms, since the last `clear`. */
  searchMs(): number[];
  /** The agency's answer time to the search of the applicant with this surname, if one was made. */
  searchMsOf(lastName: string): number | undefined;
  clear(): void;
  stop(): Promise<void>;
};

/**
 * A credit reference agency for the bench's servers (issue 47): the built-in sandbox, served over TLS on
 * loopback with a certificate made for 127.0.0.1 now, on a database of its own, as an agency is another
 * machine with its own store. A server trusts the certificate through NODE_EXTRA_CA_CERTS, so the app's
 * TLS checks stay as they are; nothing leaves the machine and no name is looked up. The agency times its
 * own answers, so a search's cost to our server can be told from the agency's.
 */
export async function startLoopbackAgency(dir: string): Promise<LoopbackAgency> {
  const keyFile = path.join(dir, 'agency-key.pem');
  const certFile = path.join(dir, 'agency-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  // In memory: the agency is another machine, and its disk writes (synchronous in this process) would
  // stall the load generator that shares the process, adding their time to our server's figures.
  const { db } = await createDb('sqlite::memory:');
  await migrateToLatest(db);
  const app = Fastify({
    logger: false,
    https: { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) },
  });
  const key = crypto.randomBytes(24).toString('hex');
  let searches: number[] = [];
  let bySurname = new Map<string, number>();
  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.endsWith('/v1/searches')) return;
    searches.push(reply.elapsedTime);
    const lastName = (req.body as { applicant?: { lastName?: unknown } } | undefined)?.applicant?.lastName;
    if (typeof lastName === 'string') bySurname.set(lastName, reply.elapsedTime);
  });
  await registerCreditReferenceSandbox(app, { db, key, today: async () => londonToday() });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  const close = async () => {
    await app.close();
    await db.destroy();
  };
  const removeCleanup = onCleanup(`credit reference agency on port ${port}`, close);
  const stop = async () => {
    removeCleanup();
    await close();
  };
  return {
    env: {
      CRA_URL: `https://127.0.0.1:${port}${CRA_SANDBOX_PATH}`,
      CRA_KEY: key,
      NODE_EXTRA_CA_CERTS: certFile,
    },
    searchMs: () => searches,
    searchMsOf: (lastName) => bySurname.get(lastName),
    clear: () => {
      searches = [];
      bySurname = new Map();
    },
    stop,
  };
}
