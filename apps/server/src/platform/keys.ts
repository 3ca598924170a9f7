/**
 * Keys that must live outside the database: the RSA key of password transport and the AES key that
 * encrypts authenticator secrets at rest. From the environment when given (several instances share
 * them), else from files created once in the data folder with mode 600.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

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

const RSA = { modulusLength: 3072 } as const;
const pemOf = (k: { privateKey: KeyObject }) =>
  k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const rsaFile = (dataDir: string) => path.join(dataDir, 'rsa-private.pem');

export function loadKeys(dataDir: string, rsaPem?: string, secretKeyB64?: string): Keys {
  const pem = rsaPem ?? readOrCreate(rsaFile(dataDir), () => pemOf(generateKeyPairSync('rsa', RSA)));
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

/**
 * loadKeys for the server's start: a first start's RSA key (0.8 s of one core) is made on libuv's
 * thread pool, beside the embedded database's start and the modules' loading, not on the event loop.
 */
export async function prepareKeys(dataDir: string, rsaPem?: string, secretKeyB64?: string): Promise<Keys> {
  const file = rsaFile(dataDir);
  if (!rsaPem && !fs.existsSync(file)) {
    const pem = pemOf(await promisify(generateKeyPair)('rsa', RSA));
    readOrCreate(file, () => pem);
  }
  return loadKeys(dataDir, rsaPem, secretKeyB64);
}
