import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { resolveFromRoot, type Config } from '../config';
import { objectStore } from './object-store';

/**
 * Where document files live (docs/decisions/028): one interface, so an object store can stand in for the
 * local directory. Keys are made here, at random; a customer's file name never becomes a path.
 */
export interface DocumentStore {
  /** Stores the bytes under a key made by `newDocumentKey`; never over another file. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /** Removes the file; a key already gone is not an error (a delete retried). */
  delete(key: string): Promise<void>;
}

/** 128 random bits as hex: the only shape of key the stores accept, so no key can walk out of its folder. */
const KEY = /^[0-9a-f]{32}$/;
export const newDocumentKey = () => crypto.randomBytes(16).toString('hex');
const checkedKey = (key: string) => {
  if (!KEY.test(key)) throw new Error('Not a document key');
  return key;
};

/**
 * The local directory (DOCUMENTS_DIR, outside the web root: the static server serves only WEB_DIST).
 * Files are spread over 256 folders by the key's first two characters, created readable by this user only.
 */
export function directoryStore(dir: string): DocumentStore {
  const fileOf = (key: string) => path.join(dir, checkedKey(key).slice(0, 2), key);
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // `wx`: never over another file, even in the unlikely case of a key drawn twice.
      await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      return new Uint8Array(await fs.readFile(fileOf(key)));
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

const MAGIC = Buffer.from('KLD1');

/**
 * Every file is encrypted before it reaches a store (AES-256-GCM under DATA_KEY, its key as additional
 * data, so a file moved to another key does not open): payslips, bank statements and IDs are not kept in
 * clear on a disk or in a bucket, as bank account numbers are not kept in clear in the database.
 */
export function sealedStore(inner: DocumentStore, dataKeyHex: string): DocumentStore {
  const key = Buffer.from(dataKeyHex, 'hex');
  return {
    async put(storageKey, bytes) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(checkedKey(storageKey)));
      const data = Buffer.concat([cipher.update(bytes), cipher.final()]);
      await inner.put(storageKey, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), data]));
    },
    async get(storageKey) {
      const sealed = Buffer.from(await inner.get(storageKey));
      if (!sealed.subarray(0, 4).equals(MAGIC)) throw new Error('Not a sealed document');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(4, 16));
      decipher.setAAD(Buffer.from(checkedKey(storageKey)));
      decipher.setAuthTag(sealed.subarray(16, 32));
      return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(32)), decipher.final()]));
    },
    delete: (storageKey) => inner.delete(storageKey),
  };
}

const stores = new WeakMap<Config, DocumentStore>();

/** The configured store, made once per configuration: the bucket when DOCUMENTS_URL is set, else the directory; sealed. */
export function documentStoreFor(config: Config): DocumentStore {
  let store = stores.get(config);
  if (!store) {
    const inner =
      config.DOCUMENTS_URL && config.DOCUMENTS_ACCESS_KEY_ID && config.DOCUMENTS_SECRET_ACCESS_KEY
        ? objectStore({
            url: config.DOCUMENTS_URL,
            region: config.DOCUMENTS_REGION,
            accessKeyId: config.DOCUMENTS_ACCESS_KEY_ID,
            secretAccessKey: config.DOCUMENTS_SECRET_ACCESS_KEY,
          })
        : directoryStore(resolveFromRoot(config.DOCUMENTS_DIR));
    store = sealedStore(inner, config.DATA_KEY);
    stores.set(config, store);
  }
  return store;
}

/**
 * A store that remembers what it wrote, for work in a database transaction: a rollback leaves files no row
 * names, which `forget` then removes (best effort: an orphan is sealed and unreachable anyway).
 */
export function trackedStore(store: DocumentStore) {
  const written: string[] = [];
  return {
    store: {
      ...store,
      async put(key: string, bytes: Uint8Array) {
        await store.put(key, bytes);
        written.push(key);
      },
    } satisfies DocumentStore,
    forget: () => Promise.all(written.splice(0).map((key) => store.delete(key).catch(() => {}))),
  };
}
