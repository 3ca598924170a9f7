/**
 * Test harness: a real app on its own database (cloned from the migrated template), driven with
 * Fastify's inject, and a client that signs in the way the browser does (RSA-OAEP password, cookie
 * plus access_token header, googleCode header).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Envelope, encryptPassword } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/sys/bootstrap.ts';
import { operators } from '../src/modules/sys/schema.ts';
import { loadKeys } from '../src/platform/keys.ts';
import { open } from '../src/platform/secret-box.ts';
import { TEMPLATE_DB } from './global-setup.ts';

export interface TestApp extends BuiltApp {
  adminPassword: string;
  dbUrl: string;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template; its URL. */
export async function cloneTemplateDatabase(): Promise<string> {
  const prefix = inject('pgUrlPrefix');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${prefix}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  return `${prefix}${name}`;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dbUrl = await cloneTemplateDatabase();
  const database = openDatabase(dbUrl, 10);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-app-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    // The sandbox bank's IMAP server (if a test starts it) on a free port: test files run in parallel.
    { databaseUrl: dbUrl, webDist: path.join(dataDir, 'no-web'), sandboxImapPort: 0, ...overrides },
  );
  const built = await buildApp({ config, database, keys: loadKeys(inject('keysDir')) });
  const first = await bootstrap(built.ctx);
  await built.app.ready();
  return {
    ...built,
    adminPassword: first.initialAdminPassword!,
    dbUrl,
    async close() {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second instance on the first one's database, with the same keys (as README says to deploy). */
export async function secondInstance(
  first: TestApp,
  overrides: Partial<Config> = {},
  /** Routes of the test's own, added before the instance is ready. */
  withRoutes?: (app: BuiltApp['app']) => void,
): Promise<TestApp> {
  const database = openDatabase(first.dbUrl, 10);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: first.ctx.config.dataDir },
    { databaseUrl: first.dbUrl, webDist: first.ctx.config.webDist, ...overrides },
  );
  const built = await buildApp({ config, database, keys: loadKeys(inject('keysDir')) });
  withRoutes?.(built.app);
  await built.app.ready();
  return {
    ...built,
    adminPassword: first.adminPassword,
    dbUrl: first.dbUrl,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export interface Session {
  token: string;
  cookie: string;
}

export type Answer<T = unknown> = LightMyRequestResponse & { body: string; envelope: Envelope<T> };

function withEnvelope<T>(res: LightMyRequestResponse): Answer<T> {
  let envelope: Envelope<T>;
  try {
    envelope = res.json() as Envelope<T>;
  } catch {
    envelope = { code: -1, msg: 'not json', data: null as T };
  }
  return Object.assign(res, { envelope });
}

export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  opts: { session?: Session; body?: unknown; code?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.session) {
    headers.access_token = opts.session.token;
    headers.cookie = `payops_session=${opts.session.cookie}`;
  }
  if (opts.code) headers.googlecode = opts.code;
  const req: InjectOptions = { method, url, headers };
  if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
  return withEnvelope<T>(await t.app.inject(req));
}

export async function encrypt(t: TestApp, ...passwords: string[]): Promise<string[]> {
  const key = await call<{ publicKey: string; nonce: string }>(t, 'GET', '/api/auth/publicKey');
  return Promise.all(passwords.map((p) => encryptPassword(key.envelope.data, p)));
}

export async function signInRaw(t: TestApp, username: string, password: string, googleCode?: string) {
  const [enc] = await encrypt(t, password);
  return call<{ token: string }>(t, 'POST', '/api/auth', {
    body: { username, password: enc, ...(googleCode ? { googleCode } : {}) },
  });
}

export async function signIn(
  t: TestApp,
  username: string,
  password: string,
  googleCode?: string,
): Promise<Session> {
  const res = await signInRaw(t, username, password, googleCode);
  if (res.envelope.code !== 0) throw new Error(`sign-in failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'payops_session');
  return { token: res.envelope.data.token, cookie: cookie!.value };
}

export const signInAdmin = (t: TestApp) => signIn(t, 'admin', t.adminPassword);

/** The code an authenticator app would show now for a secret (seconds moved by the app's clock). */
export function totpCode(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.ctx.clock.nowMs() / 1000) + offsetSeconds });
}

/**
 * Moves the app's clock to one second into the next 30 s step: a code made now stays the current
 * step's while the test runs (a code made in a step's last milliseconds is the previous one's by the
 * time the server reads its clock).
 */
export function intoNextStep(t: TestApp): void {
  t.ctx.clock.advance(30_000 - (t.ctx.clock.nowMs() % 30_000) + 1_000);
}

/**
 * Moves the app's clock forward to the next `hour`:00 in the platform's zone, so that what a test
 * writes and reads falls in one platform day and one hour (a run near midnight splits them). Sessions
 * signed in before it are likely expired: sign in after.
 */
export function toLocalHour(t: TestApp, hour: number): void {
  t.ctx.clock.advance(untilLocalHour(t, hour));
}

/** Milliseconds from the app's clock to the next `hour`:00 in the platform's zone (to the second). */
function untilLocalHour(t: TestApp, hour: number): number {
  const now = t.ctx.clock.nowMs();
  const local = new Date(new Date(now).toLocaleString('en-US', { timeZone: t.ctx.config.timeZone }));
  const at = new Date(local);
  at.setHours(hour, 0, 0, 0);
  if (at.getTime() <= local.getTime()) at.setTime(at.getTime() + 86_400_000);
  return at.getTime() - local.getTime();
}

/**
 * Waits out the platform day's last `marginMs` (on the app's clock), if that is where it is: for a
 * run that cannot move the app's clock (the demo signs its merchant API calls with the wall clock,
 * and the server refuses a timestamp 5 minutes off), so that what it writes and reads falls in one
 * platform day. At any other time of day it returns at once.
 */
export async function clearOfMidnight(t: TestApp, marginMs: number): Promise<void> {
  const left = untilLocalHour(t, 0);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** Binds an authenticator for an operator through the API and returns its secret. */
export async function bindAuthenticator(t: TestApp, session: Session, operatorId: number): Promise<string> {
  const qr = await call(t, 'GET', '/api/getGoogleQR', { session });
  if (qr.statusCode !== 200 || qr.headers['content-type'] !== 'image/png')
    throw new Error(`QR failed: ${qr.body}`);
  const [op] = await t.ctx.db.select().from(operators).where(eq(operators.id, operatorId));
  const secret = open(t.ctx.keys.secretKey, op!.totpPendingEnc!);
  const res = await call(t, 'POST', '/api/bindGoogle', {
    session,
    body: { googleCode: await totpCode(t, secret) },
  });
  if (res.envelope.code !== 0) throw new Error(`bind failed: ${res.body}`);
  // The code just used is spent; later calls in the same 30 s step need the next step's code.
  t.ctx.clock.advance(30_000);
  return secret;
}

/** Creates an operator directly (user management has its own API tests) with the given role codes. */
export async function createOperator(
  t: TestApp,
  username: string,
  password: string,
  roleCodes: string[],
): Promise<number> {
  const { hashPassword } = await import('../src/platform/passwords.ts');
  const { operatorRoles, roles } = await import('../src/modules/sys/schema.ts');
  const { inArray } = await import('drizzle-orm');
  const [op] = await t.ctx.db
    .insert(operators)
    .values({ username, displayName: username, passwordHash: await hashPassword(password) })
    .returning({ id: operators.id });
  const roleRows = await t.ctx.db.select().from(roles).where(inArray(roles.code, roleCodes));
  if (roleRows.length)
    await t.ctx.db.insert(operatorRoles).values(roleRows.map((r) => ({ operatorId: op!.id, roleId: r.id })));
  return op!.id;
}

/**
 * Dates every balance adjustment a day back: what operators executed alone so far no longer counts
 * against their 24-hour window (adjust.service.ts), so a test's own requests are judged by themselves.
 */
export async function ageAdjustments(t: TestApp): Promise<void> {
  await t.ctx.pool.query("UPDATE merchant_adjustments SET created_at = created_at - interval '25 hours'");
}
