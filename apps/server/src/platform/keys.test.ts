/** The keys outside the database: made once on a first start (on the thread pool), read back after. */
import { constants, privateDecrypt, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKeys, prepareKeys } from './keys.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-keys-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('prepareKeys', () => {
  it('makes the RSA and secret keys in files of mode 600 that later starts read back', async () => {
    const first = await prepareKeys(dir);
    for (const file of ['rsa-private.pem', 'secret.key'])
      expect(fs.statSync(path.join(dir, file)).mode & 0o777, file).toBe(0o600);
    const again = await prepareKeys(dir);
    const sync = loadKeys(dir);
    expect(again.rsaPublicPem).toBe(first.rsaPublicPem);
    expect(sync.rsaPublicPem).toBe(first.rsaPublicPem);
    expect(sync.secretKey.equals(first.secretKey)).toBe(true);
    // The made key is a working pair: what the browser encrypts with the public key, the server reads.
    const sealed = publicEncrypt(
      { key: first.rsaPublicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('password'),
    );
    const opened = privateDecrypt(
      { key: sync.rsaPrivate, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      sealed,
    );
    expect(opened.toString()).toBe('password');
  });

  it('takes the keys given by the environment and writes no RSA file', async () => {
    const given = fs.mkdtempSync(path.join(dir, 'given-'));
    const pem = fs.readFileSync(path.join(dir, 'rsa-private.pem'), 'utf8');
    const secret = Buffer.alloc(32, 7).toString('base64');
    const keys = await prepareKeys(given, pem, secret);
    expect(fs.existsSync(path.join(given, 'rsa-private.pem'))).toBe(false);
    expect(keys.secretKey.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(keys.rsaPublicPem).toBe(loadKeys(dir).rsaPublicPem);
  });
});
