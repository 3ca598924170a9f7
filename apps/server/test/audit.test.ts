/** security.md, "Audit": who, what, when, result, IP, object; never secrets; append-only; chained. */
import { ErrorCode } from '@payops/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../src/modules/sys/schema.ts';
import {
  appendOperationLog,
  CHAINS,
  GENESIS_HASH,
  rowHash,
  sequenceOf,
  verifyChain,
} from '../src/platform/audit.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  encrypt,
  type Session,
  signIn,
  type TestApp,
  totpCode,
} from './harness.ts';

let t: TestApp;
let secret: string;
let operatorId: number;
let oldSession: Session;
const OLD = 'AuditOld123';
const NEW = 'AuditNew456';

beforeAll(async () => {
  t = await createTestApp();
  operatorId = await createOperator(t, 'auditor', OLD, ['admin']);
  const session = await signIn(t, 'auditor', OLD);
  oldSession = session;
  secret = await bindAuthenticator(t, session, operatorId);
  const [a, b] = await encrypt(t, OLD, NEW);
  const res = await call(t, 'POST', '/api/sys/user/updatePassword', {
    session,
    body: { originalPassWord: a, passWord: b },
    code: await totpCode(t, secret),
  });
  if (res.envelope.code !== 0) throw new Error(res.body);
});
afterAll(() => t.close());

describe('operation log', () => {
  it('records a credential change with who, what, when, result, IP and object', async () => {
    const rows = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'sys.user.updatePassword'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorId,
      operatorName: 'auditor',
      method: 'POST',
      path: '/api/sys/user/updatePassword',
      objectType: 'operator',
      objectId: String(operatorId),
      result: 'success' as const,
      code: 0,
      ip: '127.0.0.1',
    });
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('records binding an authenticator', async () => {
    const rows = await t.ctx.db.select().from(operationLog).where(eq(operationLog.operatorId, operatorId));
    expect(rows.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/getGoogleQR', '/api/bindGoogle']));
  });

  it('the password change ended the old session; the new password signs in', async () => {
    expect((await call(t, 'GET', '/api/current', { session: oldSession })).envelope.code).toBe(
      ErrorCode.sessionEnded,
    );
    t.ctx.clock.advance(30_000);
    const session = await signIn(t, 'auditor', NEW, await totpCode(t, secret));
    expect((await call(t, 'GET', '/api/current', { session })).envelope.code).toBe(0);
  });

  it('holds no password, code, token or cookie anywhere in the logs', async () => {
    const dump = await t.ctx.pool.query(
      `SELECT (SELECT json_agg(o)::text FROM operation_log o) || (SELECT json_agg(l)::text FROM login_log l) AS all`,
    );
    const text: string = dump.rows[0].all;
    for (const s of [OLD, NEW, secret, t.adminPassword]) expect(text).not.toContain(s);
    expect(text).not.toMatch(/"(googleCode|password|passWord|originalPassWord|token|access_token)":/);
  });

  it('hashes in the database exactly as rowHash does, non-ASCII text included', async () => {
    const row = {
      at: new Date(),
      operatorId,
      operatorName: '审计员 ✓',
      action: 'test.hash',
      method: 'POST',
      path: '/test',
      objectType: 'hashProbe',
      objectId: '一',
      result: 'success' as const,
      code: 0,
      ip: '127.0.0.1',
      detail: { reason: '风控调查 — 𝌆 "quoted" \\ back', n: 1 },
    };
    await appendOperationLog(t.ctx.db, row);
    const [stored] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.objectType, 'hashProbe'));
    const [before] = await t.ctx.db
      .select({ hash: operationLog.hash })
      .from(operationLog)
      .where(eq(operationLog.shard, stored!.shard))
      .orderBy(desc(operationLog.id))
      .offset(1)
      .limit(1);
    expect(stored!.prevHash).toBe(before?.hash ?? GENESIS_HASH);
    expect(stored!.hash).toBe(rowHash('operation_log', stored!.prevHash, stored!));
    expect((await verifyChain(t.ctx.db, 'operation_log')).brokenAt).toBeUndefined();
  });

  it('keeps every chain unforked under parallel writers, ids in chain order (one statement per row)', async () => {
    const row = (i: number) => ({
      at: new Date(),
      operatorId,
      operatorName: 'auditor',
      action: 'test.parallel',
      method: 'POST',
      path: '/test',
      objectType: 'parallelProbe',
      // A few records: several writers on each shard at once.
      objectId: String(i % 5),
      result: 'success' as const,
      code: 0,
      ip: '127.0.0.1',
      detail: { i },
    });
    // Half on their own, half inside transactions that do something else first.
    await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        i % 2
          ? appendOperationLog(t.ctx.db, row(i))
          : t.ctx.db.transaction(async (tx) => {
              await tx.execute(sql`SELECT pg_sleep(0.001)`);
              await appendOperationLog(tx, row(i));
            }),
      ),
    );
    const written = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.objectType, 'parallelProbe'));
    expect(written).toHaveLength(120);
    expect((await verifyChain(t.ctx.db, 'operation_log')).brokenAt).toBeUndefined();
  });

  it("draws each chain's ids from its id column's own sequence (named in the append statement)", async () => {
    for (const chain of CHAINS) {
      const { rows } = await t.ctx.pool.query(`SELECT pg_get_serial_sequence($1, 'id') AS seq`, [chain]);
      expect(rows[0].seq).toBe(`public.${sequenceOf(chain)}`);
    }
  });

  it('is append-only: no update, no delete', async () => {
    await expect(t.ctx.pool.query(`UPDATE operation_log SET result = 'success'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.ctx.pool.query('DELETE FROM login_log')).rejects.toThrow(/append-only/);
    await expect(t.ctx.pool.query('TRUNCATE operation_log')).rejects.toThrow(/append-only/);
  });

  it('chains every row to the one before, and the walk finds a tampered row', async () => {
    const intact = await verifyChain(t.ctx.db, 'operation_log');
    expect(intact.brokenAt).toBeUndefined();
    expect(intact.rows).toBeGreaterThanOrEqual(3);
    expect((await verifyChain(t.ctx.db, 'login_log')).brokenAt).toBeUndefined();
    // Someone with superuser rights switches the guard off and edits history: the walk notices.
    const [victim] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'sys.user.updatePassword'));
    await t.ctx.pool.query('ALTER TABLE operation_log DISABLE TRIGGER operation_log_append_only');
    await t.ctx.pool.query(`UPDATE operation_log SET operator_name = 'someone-else' WHERE id = $1`, [
      victim!.id,
    ]);
    await t.ctx.pool.query('ALTER TABLE operation_log ENABLE TRIGGER operation_log_append_only');
    expect((await verifyChain(t.ctx.db, 'operation_log')).brokenAt).toBe(victim!.id);
  });
});
