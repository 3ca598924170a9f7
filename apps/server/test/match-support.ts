/**
 * Test helpers of the matched (P2P) orders: two merchants in one pool group (A's members withdraw, B's
 * deposit), members, a split rule, and the merchant API calls that create and move matched orders.
 */
import { sql } from 'drizzle-orm';
import { members } from '../src/modules/member/schema.ts';
import { resources } from '../src/modules/sys/schema.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';
import { makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

export interface MatchWorld {
  t: TestApp;
  admin: Session;
  checker: Session;
  a: TestMerchant;
  b: TestMerchant;
  /** The admin's and the checker's authenticator secrets. */
  secrets: [string, string];
}

export type Row = Record<string, unknown>;

/** A PNG's first bytes and some more: what the voucher check accepts. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

export async function matchWorld(
  opts: { mode?: 'exact' | 'split'; maxPieces?: number } = {},
): Promise<MatchWorld> {
  const t = await createTestApp();
  // Codes are tested elsewhere (transitions.test.ts); many calls here run at once.
  await t.ctx.db.update(resources).set({ needsCode: false });
  const admin = await signInAdmin(t);
  const adminSecret = await bindAuthenticator(t, admin, 1);
  const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
  const checker = await signIn(t, 'checker', 'Checker12345');
  const checkerSecret = await bindAuthenticator(t, checker, checkerId);
  const rates = { depositRate: '0.01', withdrawRate: '0.005' };
  const a = await makeMerchant(t, rates, '100000');
  const b = await makeMerchant(t, rates);
  const w: MatchWorld = { t, admin, checker, a, b, secrets: [adminSecret, checkerSecret] };
  await ok(w, '/api/pay/matchRule/add', {
    name: 'all amounts',
    minAmount: '1',
    maxAmount: '50000',
    mode: opts.mode ?? 'split',
    maxWaitMinutes: 1440,
    priority: 'age',
    payMinutes: 15,
    confirmMinutes: 30,
    enabled: true,
  });
  for (const m of [a, b])
    await ok(w, '/api/pay/matchSplit/add', {
      merchantId: m.id,
      poolGroup: 'g1',
      minSplitAmount: '10',
      maxPieces: opts.maxPieces ?? 3,
      enabled: true,
    });
  return w;
}

/** New sessions after the clock moved past the idle limit. */
export async function signInAgain(w: MatchWorld) {
  w.admin = await signIn(w.t, 'admin', w.t.adminPassword, await totpCode(w.t, w.secrets[0]));
  w.checker = await signIn(w.t, 'checker', 'Checker12345', await totpCode(w.t, w.secrets[1]));
}

/** Members of a merchant (the cashier's sign-up is another module's): normal, match level 1. */
export async function addMembers(w: MatchWorld, m: TestMerchant, accounts: string[]) {
  await w.t.ctx.db
    .insert(members)
    .values(
      accounts.map((account) => ({ merchantId: m.id, mchNo: m.mchNo, account, realName: `Name ${account}` })),
    );
}

export async function ok<T = Row>(w: MatchWorld, path: string, body: unknown, session?: Session) {
  const res = await call<T>(w.t, 'POST', path, {
    session: session ?? w.admin,
    body,
    headers: { 'idempotency-key': `k-${Math.random()}` },
  });
  if (res.envelope.code !== 0) throw new Error(`${path}: ${res.body}`);
  return res.envelope.data;
}

let n = 0;

/** A matched withdrawal over the merchant API, approved by the operator: it is in the pool. */
export async function pooledWithdrawal(w: MatchWorld, member: string, amount: string) {
  const res = await mchCall<{ orderNo: string; status: string }>(w.t, w.a, 'match/withdraw', {
    mchOrderNo: `MW${++n}`,
    amount,
    memberAccount: member,
    bankName: 'Bank',
    accountName: `Name ${member}`,
    accountNo: `62220000${String(n).padStart(6, '0')}`,
  });
  if (res.envelope.code !== 0) throw new Error(res.body);
  const id = await orderId(w, 'withdraw_orders', res.envelope.data.orderNo);
  await ok(w, '/api/pay/transferOrder/approve', { id });
  return { id, orderNo: res.envelope.data.orderNo };
}

export interface Piece {
  matchNo: string;
  amount: string;
  status: string;
  withdrawOrderNo: string;
}

export function matchedDeposit(w: MatchWorld, member: string, amount: string) {
  return mchCall<{ orderNo: string; status: string; pieces: Piece[] }>(w.t, w.b, 'match/deposit', {
    mchOrderNo: `MD${++n}`,
    amount,
    memberAccount: member,
  });
}

export const voucher = (w: MatchWorld, matchNo: string, bytes: Buffer = PNG) =>
  mchCall<Piece>(w.t, w.b, 'match/voucher', { matchNo, voucher: bytes.toString('base64') });

export const receiverConfirms = (w: MatchWorld, matchNo: string) =>
  mchCall<Piece>(w.t, w.a, 'match/confirm', { matchNo });

export async function orderId(w: MatchWorld, table: string, orderNo: string): Promise<number> {
  const { rows } = await w.t.ctx.pool.query(`SELECT id FROM ${table} WHERE order_no = $1`, [orderNo]);
  return Number(rows[0].id);
}

export async function rowOf(w: MatchWorld, table: string, where: string, ...params: unknown[]): Promise<Row> {
  const { rows } = await w.t.ctx.pool.query(`SELECT * FROM ${table} WHERE ${where}`, params);
  return rows[0];
}

export async function matchByNo(w: MatchWorld, matchNo: string) {
  return rowOf(w, 'matches', 'match_no = $1', matchNo);
}

export async function poolOf(w: MatchWorld, withdrawOrderNo: string) {
  return rowOf(w, 'match_pool', 'withdraw_order_no = $1', withdrawOrderNo);
}

export async function merchantBalance(w: MatchWorld, m: TestMerchant) {
  const { rows } = await w.t.ctx.db.execute<{ available: string; frozen: string }>(
    sql`SELECT available::text, frozen::text FROM ledger_accounts WHERE owner_type = 'merchant' AND owner_id = ${m.id}`,
  );
  return rows[0] ?? { available: '0', frozen: '0' };
}
