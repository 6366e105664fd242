import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryStore, newDocumentKey, sealedStore, trackedStore } from './document-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-documents-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const dataKey = crypto.randomBytes(32).toString('hex');
const plain = directoryStore(dir);
const sealed = sealedStore(plain, dataKey);
const bytes = Buffer.from('%PDF-1.4 a bank statement');

describe('the document store', () => {
  it('keeps files sealed under their random key, readable by this user only', async () => {
    const key = newDocumentKey();
    await sealed.put(key, bytes);
    const file = path.join(dir, key.slice(0, 2), key);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file).includes(Buffer.from('bank statement'))).toBe(false);
    expect(Buffer.from(await sealed.get(key)).equals(bytes)).toBe(true);
    await sealed.delete(key);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('never writes over a file, and a file moved to another key does not open', async () => {
    const key = newDocumentKey();
    await sealed.put(key, bytes);
    await expect(sealed.put(key, Buffer.from('other'))).rejects.toThrow();
    const moved = newDocumentKey();
    await plain.put(moved, await plain.get(key));
    await expect(sealed.get(moved)).rejects.toThrow();
    const other = sealedStore(plain, crypto.randomBytes(32).toString('hex'));
    await expect(other.get(key)).rejects.toThrow();
  });

  it('takes no key but its own random shape: no path can walk out of the folder', async () => {
    for (const key of ['../../etc/passwd', 'ab/../../x', 'A'.repeat(32), '', 'payslip.pdf']) {
      await expect(plain.put(key, bytes)).rejects.toThrow('Not a document key');
      await expect(plain.get(key)).rejects.toThrow('Not a document key');
    }
  });

  it('forgets what a rolled-back transaction wrote', async () => {
    const { store, forget } = trackedStore(sealed);
    const key = newDocumentKey();
    await store.put(key, bytes);
    await forget();
    await expect(sealed.get(key)).rejects.toThrow();
  });
});
