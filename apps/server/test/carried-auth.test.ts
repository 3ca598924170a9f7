/**
 * A list page's statement carries its session check (platform/carried-auth.ts): one round trip per
 * list, and every promise of the session still kept on the list routes as on any other route, with
 * the same answer: no token, an unknown token, a token without its cookie, a session ended, expired
 * or of a disabled operator, a permission not held or needing a code, a body refused only after the
 * caller is known. A session that could not be admitted does not read the page.
 */
import { ErrorCode, memberList } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../src/demo/generate.ts';
import { members } from '../src/modules/member/schema.ts';
import { operationLog, operators, resources } from '../src/modules/sys/schema.ts';
import { carryAuth } from '../src/platform/carried-auth.ts';
import { listPage } from '../src/platform/crud/list-page.ts';
import { boundResource } from '../src/platform/crud/refs.ts';
import { ok } from '../src/platform/errors.ts';
import { sha256 } from '../src/platform/hashing.ts';
import { ensureAccount, platformAccount, postEntry } from '../src/platform/ledger/index.ts';
import { ledgerAccounts } from '../src/platform/ledger/schema.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  type Session,
  secondInstance,
  signIn,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

let t: TestApp;
let admin: Session;
const LIST = memberList.actions.list!.path;
const list = (session?: Session, body: unknown = {}, code?: string) =>
  call<{ list: Record<string, unknown>[] }>(t, 'POST', LIST, { session, body, code });
const current = (session?: Session) => call(t, 'GET', '/api/current', { session });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  await generateDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), {
    merchants: 2,
    members: 12,
    seed: 11,
    batch: 12,
  });
});
afterAll(() => t.close());

describe('a list route admits exactly as the guard does', () => {
  it('answers a page in one statement, the session read with it', async () => {
    const pool = t.ctx.pool;
    const original = pool.query;
    const sent: string[] = [];
    pool.query = ((q: string | { text: string }, ...rest: unknown[]) => {
      sent.push(typeof q === 'string' ? q : q.text);
      return (original as (...a: unknown[]) => unknown).call(pool, q, ...rest);
    }) as never;
    let res: Awaited<ReturnType<typeof list>>;
    try {
      res = await list(admin, { page: 1, pageSize: 5, withTotal: false });
    } finally {
      pool.query = original;
    }
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.list).toHaveLength(5);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('FROM sessions s');
  });

  it('refuses no token, an unknown token and a token without its cookie, as every route does', async () => {
    expect((await list(undefined)).envelope.code).toBe(ErrorCode.notSignedIn);
    const unknown = { token: 'x'.repeat(43), cookie: admin.cookie };
    expect((await list(unknown)).envelope.code).toBe(ErrorCode.tokenInvalid);
    expect((await current(unknown)).envelope.code).toBe(ErrorCode.tokenInvalid);
    const stolen = { token: admin.token, cookie: 'y'.repeat(43) };
    expect((await list(stolen)).envelope.code).toBe(ErrorCode.sessionBinding);
    expect((await current(stolen)).envelope.code).toBe(ErrorCode.sessionBinding);
  });

  it('refuses a session ended at logout, of a disabled operator, or idle past its limit', async () => {
    const out = await signInAdmin(t);
    expect((await list(out)).envelope.code).toBe(0);
    expect((await call(t, 'POST', '/api/logout', { session: out })).envelope.code).toBe(0);
    expect((await list(out)).envelope.code).toBe(ErrorCode.sessionEnded);

    const id = await createOperator(t, 'carried-off', 'CarriedOff123', ['admin']);
    const off = await signIn(t, 'carried-off', 'CarriedOff123');
    expect((await list(off)).envelope.code).toBe(0);
    await t.ctx.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, id));
    expect((await list(off)).envelope.code).toBe(ErrorCode.sessionEnded);

    const idle = await signInAdmin(t);
    t.ctx.clock.advance(15 * 60_000 + 1000);
    expect((await list(idle)).envelope.code).toBe(ErrorCode.sessionExpired);
    expect((await current(idle)).envelope.code).toBe(ErrorCode.sessionExpired);
    admin = await signInAdmin(t);
  });

  it('refuses a permission not held, and logs the refusal under the operator', async () => {
    const id = await createOperator(t, 'carried-none', 'CarriedNone123', []);
    const none = await signIn(t, 'carried-none', 'CarriedNone123');
    const res = await list(none);
    expect(res.envelope.code).toBe(ErrorCode.forbidden);
    expect(res.envelope.data).toBeNull();
    const logged = await t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.operatorId, id), eq(operationLog.path, LIST)));
    expect(logged.map((r) => r.code)).toEqual([ErrorCode.forbidden]);
  });

  it('answers a body error only to a caller it lets in', async () => {
    const bad = { page: 'first' };
    expect((await list(undefined, bad)).envelope.code).toBe(ErrorCode.notSignedIn);
    expect((await list({ token: admin.token, cookie: 'z'.repeat(43) }, bad)).envelope.code).toBe(
      ErrorCode.sessionBinding,
    );
    const res = await list(admin, bad);
    expect(res.envelope.code).toBe(ErrorCode.badRequest);
    expect(res.envelope.msg).toContain('page');
  });

  it('asks for a code where the resource list says the list needs one', async () => {
    const secret = await bindAuthenticator(t, admin, 1);
    await t.ctx.db
      .update(resources)
      .set({ needsCode: true })
      .where(eq(resources.permission, memberList.actions.list!.permission));
    try {
      expect((await list(admin)).envelope.code).toBe(ErrorCode.needCode);
      const res = await list(admin, {}, await totpCode(t, secret));
      expect(res.envelope.code, res.body).toBe(0);
      expect(res.envelope.data.list.length).toBeGreaterThan(0);
    } finally {
      await t.ctx.db
        .update(resources)
        .set({ needsCode: false })
        .where(eq(resources.permission, memberList.actions.list!.permission));
    }
  });

  it('reads no page for a session it cannot admit', async () => {
    const r = boundResource(memberList.name)!;
    const seen: unknown[] = [];
    const page = (cookie: string) =>
      listPage(
        t.ctx.db,
        t.ctx.keys.secretKey,
        r,
        { page: 1, pageSize: 5, filters: {}, withTotal: false },
        'en-US',
        {
          values: {
            authToken: sha256(admin.token),
            authPermission: memberList.actions.list!.permission,
            authCookie: sha256(cookie),
          },
          // Records what the statement read instead of refusing, to see what it read.
          admit: async (row) => void seen.push(row),
          settle: async () => {},
        },
      );
    expect((await page(admin.cookie)).rows).toHaveLength(5);
    expect((await page('not-the-cookie')).rows).toEqual([]);
    // The session row itself is read either way: the refusal names the binding.
    expect(seen).toHaveLength(2);
  });

  it('does not even run the page of a session it cannot admit', async () => {
    // The page's scan in PostgreSQL's own account of the statement: never started behind a refusal.
    const { sql, params } = carryAuth({ sql: 'SELECT id FROM members ORDER BY id LIMIT 5', params: [] });
    const loops = async (cookie: string) => {
      const values = [sha256(admin.token), memberList.actions.list!.permission, sha256(cookie)];
      const { rows } = await t.ctx.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
      const scans: number[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (node['Relation Name'] === 'members') scans.push(node['Actual Loops'] as number);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk((rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
      return scans;
    };
    expect(params).toHaveLength(3);
    expect(await loops(admin.cookie)).toEqual([1]);
    expect(await loops('not-the-cookie')).toEqual([0]);
  });
});

describe('deny by default', () => {
  it('holds back the answer of a handler that was to carry the session check and never made it', async () => {
    const careless = await secondInstance(t, {}, (app) =>
      app.post(
        '/api/test/unsettled',
        { config: { access: { permission: memberList.actions.list!.permission }, carriesAuth: true } },
        async () => ok({ secret: 'rows read without a session' }),
      ),
    );
    try {
      for (const session of [admin, { token: 'x'.repeat(43), cookie: 'y'.repeat(43) }]) {
        const res = await call(careless, 'POST', '/api/test/unsettled', { session, body: {} });
        expect(res.statusCode).toBe(500);
        expect(res.envelope.code).toBe(ErrorCode.internal);
        expect(res.body).not.toContain('rows read');
      }
    } finally {
      await careless.close();
    }
  });
});

describe('the member list', () => {
  it("shows each member's own balance", async () => {
    const [one, two] = await t.ctx.db.select({ id: members.id }).from(members).orderBy(members.id).limit(2);
    const credit = (id: number, amount: string) =>
      t.ctx.db.transaction(async (tx) => {
        const account = await ensureAccount(tx, { ownerType: 'member', ownerId: id });
        const contra = await platformAccount(tx, 'adjustments');
        await postEntry(tx, {
          kind: 'adjust_credit',
          refType: 'test',
          refId: `carried-${id}`,
          legs: [
            { accountId: account.id, amount },
            { accountId: contra.id, amount: `-${amount}` },
          ],
        });
      });
    await credit(one!.id, '12.34');
    await credit(two!.id, '56.78');
    const res = await list(admin, { page: 1, pageSize: 50 });
    expect(res.envelope.code, res.body).toBe(0);
    const accounts = await t.ctx.db
      .select({ ownerId: ledgerAccounts.ownerId, available: ledgerAccounts.available })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerType, 'member'), eq(ledgerAccounts.currency, 'CNY')));
    const ledger = new Map(accounts.map((a) => [a.ownerId, Number(a.available)]));
    const shown = res.envelope.data.list.map((m) => [m.id, Number(m.available)]);
    expect(shown).toEqual(res.envelope.data.list.map((m) => [m.id, ledger.get(m.id as number) ?? 0]));
    expect(new Set(shown.map(([, v]) => v)).size).toBeGreaterThan(2);
  });
});
