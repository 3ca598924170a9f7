/**
 * A test file's own operator, written straight into the suite's database. Each file signs in as its
 * own operator, so no file depends on what another did to the built-in admin (the shell tests bind
 * its authenticator and change its password).
 */
import { inject } from 'vitest';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';
import { hashPassword } from '../../apps/server/src/platform/passwords.ts';
import { seal } from '../../apps/server/src/platform/secret-box.ts';
import { database } from './browser.ts';

export async function createOperator(op: {
  username: string;
  password: string;
  role: 'admin' | 'editor';
  /** A base32 secret to bind as the operator's authenticator; none leaves it unbound. */
  totpSecret?: string;
}): Promise<void> {
  const db = await database();
  try {
    const sealed = op.totpSecret ? seal(loadKeys(inject('dataDir')).secretKey, op.totpSecret) : null;
    const { rows } = await db.query(
      `INSERT INTO operators (username, display_name, password_hash, totp_secret_enc)
       VALUES ($1, $1, $2, $3) RETURNING id`,
      [op.username, await hashPassword(op.password), sealed],
    );
    await db.query(
      `INSERT INTO operator_roles (operator_id, role_id) SELECT $1, id FROM roles WHERE code = $2`,
      [rows[0].id, op.role],
    );
  } finally {
    await db.end();
  }
}
