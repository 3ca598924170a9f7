/**
 * A fingerprint of the database for "nothing changed": the row count and a hash of the rows of every
 * table, except those that legitimately grow or tick on any request (logs, sessions, nonces,
 * throttles), and the operators' counters that a sign-in or a code moves.
 */
import type pg from 'pg';

const SKIP = new Set([
  // The merchant API logs every request, refused ones included, with its rollups and nonces.
  'order_place_log',
  'order_place_stat',
  'error_report_daily',
  'openapi_nonces',
  'operation_log',
  'login_log',
  // The logs' chain heads move with every log row (platform/audit.ts).
  'audit_chain_heads',
  'sessions',
  'auth_nonces',
  'sign_in_throttle',
  '__drizzle_migrations',
]);
/** Columns that change without a business change (last code step, failure counters). */
const PROJECTION: Record<string, string> = {
  operators: 'id, username, display_name, password_hash, status, totp_secret_enc',
};

export async function fingerprint(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (SKIP.has(name) || name.startsWith('pgboss')) continue;
    const cols = PROJECTION[name] ?? '*';
    const { rows } = await pool.query<{ n: string; h: string | null }>(
      `SELECT count(*) AS n, md5(string_agg(r::text, '|' ORDER BY r::text)) AS h FROM (SELECT ${cols} FROM "${name}") r`,
    );
    out[name] = `${rows[0]!.n}:${rows[0]!.h ?? '-'}`;
  }
  return out;
}
