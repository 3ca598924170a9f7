/**
 * A test file's own operator, written straight into the suite's database. Each file signs in as its
 * own operator, so no file depends on what another did to the built-in admin (the shell tests bind
 * its authenticator and change its password).
 */
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';
import { hashPassword } from '../../apps/server/src/platform/passwords.ts';
import { seal } from '../../apps/server/src/platform/secret-box.ts';
import { database, freshCode, newPage } from './browser.ts';

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

export interface Credentials {
  username: string;
  password: string;
  /** The operator's bound authenticator: the form then asks for a code and gets a real one. */
  totpSecret?: string;
}

/** Fills and sends the sign-in form of the page that shows it; the caller waits for what comes next. */
export async function submitSignIn(page: Page, op: Credentials): Promise<void> {
  const id = (testId: string) => page.getByTestId(testId);
  await id('login-username').fill(op.username);
  await id('login-password').fill(op.password);
  await id('login-submit').click();
  if (!op.totpSecret) return;
  await id('login-code').waitFor();
  await id('login-code').fill(await freshCode(op.totpSecret));
  await id('login-submit').click();
}

/** Opens the sign-in page, signs in the way an operator does, and waits until the app leaves it. */
export async function signIn(page: Page, op: Credentials): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, op);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/**
 * Creates the file's operator (administrator, authenticator bound), opens a browser page in `locale`
 * (reduced motion unless `opts.motion`, see newPage) and signs in with password and code.
 */
export async function signedInPage(
  browser: Browser,
  op: { username: string; password: string; totpSecret: string },
  locale: 'zh-CN' | 'en-US' = 'zh-CN',
  opts: { motion?: boolean } = {},
): Promise<Page> {
  await createOperator({ ...op, role: 'admin' });
  const { page } = await newPage(browser, { locale, ...opts });
  await signIn(page, op);
  return page;
}

/** The server reads the setting at most every 3 s: wait that long after changing it. */
const SETTING_TTL_MS = 3500;

/**
 * Turns "require an authenticator for everyone" on or off, as an administrator's approved change
 * would, and waits until the server reads it: an unbound operator then goes straight to binding.
 */
export async function requireBinding(on: boolean): Promise<void> {
  const db = await database();
  try {
    await db.query(
      `INSERT INTO sys_config (key, value, updated_at) VALUES ('requireAuthenticator', $1::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [JSON.stringify(on)],
    );
  } finally {
    await db.end();
  }
  await new Promise((r) => setTimeout(r, SETTING_TTL_MS));
}

/**
 * What the bell counts for an administrator `username` right now, group by group, read from the
 * tables (files share one server, so what other files left waiting counts too): approvals waiting
 * for someone else's request, unread published messages, merchant callbacks that failed, USDT
 * deposit exceptions (and actual-amount credits someone else requested), matches waiting for an
 * operator (disputes, someone else's manual requests), trades and wallet disputes waiting, provider
 * balances below their alert line. `total` is the badge.
 */
export async function waitingFor(
  username: string,
): Promise<{ approvals: number; messages: number; others: number; total: number }> {
  const db = await database();
  try {
    const { rows } = await db.query(
      `WITH me AS (SELECT id FROM operators WHERE username = $1)
       SELECT (SELECT count(*)::int FROM merchant_adjustments
                WHERE status = 'pending' AND maker_id <> (SELECT id FROM me)) AS approvals,
              (SELECT count(*)::int FROM sys_messages m
                WHERE m.status = 'published' AND NOT EXISTS (SELECT 1 FROM sys_message_reads r
                  WHERE r.message_id = m.id AND r.operator_id = (SELECT id FROM me))) AS messages,
              (SELECT count(*)::int FROM merchant_notifications WHERE status = 'failed')
              + (SELECT count(*)::int FROM usdt_deposit_orders
                  WHERE status = 'exception'
                     OR (status = 'credit_pending' AND manual_by IS DISTINCT FROM (SELECT id FROM me)))
              + (SELECT count(*)::int FROM matches
                  WHERE status IN ('disputed', 'proposed', 'manual_success_pending', 'manual_fail_pending')
                    AND manual_by IS DISTINCT FROM (SELECT id FROM me))
              + (SELECT count(*)::int FROM trade_orders WHERE status IN ('paid', 'disputed'))
              + (SELECT count(*)::int FROM trade_applications WHERE status = 'pending')
              + (SELECT count(*)::int FROM wallet_disputes
                  WHERE status <> 'resolved' AND (overdue OR status = 'awaiting_operator'
                     OR (status = 'pending_approval' AND proposed_by IS DISTINCT FROM (SELECT id FROM me))))
              + (SELECT count(*)::int FROM third_interfaces WHERE balance_state = 'low')
                AS others`,
      [username],
    );
    const { approvals, messages, others } = rows[0];
    return { approvals, messages, others, total: approvals + messages + others };
  } finally {
    await db.end();
  }
}
