/**
 * Keys that must live outside the database: the RSA key of password transport and the AES key that
 * encrypts authenticator secrets at rest. From the environment when given (several instances share
 * them), else from files created once in the data folder with mode 600.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Keys {
  rsaPrivate: KeyObject;
  rsaPublicPem: string;
  secretKey: Buffer;
}

function readOrCreate(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const value = create();
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

export function loadKeys(dataDir: string, rsaPem?: string, secretKeyB64?: string): Keys {
  const pem =
    rsaPem ??
    readOrCreate(path.join(dataDir, 'rsa-private.pem'), () =>
      generateKeyPairSync('rsa', { modulusLength: 3072 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    );
  const rsaPrivate = createPrivateKey(pem);
  const rsaPublicPem = createPublicKey(rsaPrivate).export({ type: 'spki', format: 'pem' }).toString();
  const secretKey = Buffer.from(
    secretKeyB64 ??
      readOrCreate(path.join(dataDir, 'secret.key'), () => randomBytes(32).toString('base64')).trim(),
    'base64',
  );
  if (secretKey.length !== 32) throw new Error('SECRET_KEY must be base64 of 32 bytes');
  return { rsaPrivate, rsaPublicPem, secretKey };
}
