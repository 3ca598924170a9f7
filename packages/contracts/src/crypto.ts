/**
 * Password transport encryption (security.md): RSA-OAEP with SHA-256 over
 * `JSON.stringify({ nonce, password })`, base64. Uses WebCrypto, so the browser, the server's tests
 * and scripts share this one implementation.
 */

function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes.buffer;
}

function toBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export interface PublicKeyAnswer {
  publicKey: string;
  nonce: string;
}

export async function encryptPassword(key: PublicKeyAnswer, password: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'spki',
    pemToDer(key.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const plain = new TextEncoder().encode(JSON.stringify({ nonce: key.nonce, password }));
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, cryptoKey, plain));
}
