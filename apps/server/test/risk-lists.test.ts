/**
 * Issue 13, lists and freezes on the real app: a black-listed card cannot create a withdrawal (a clear
 * refusal, a block-log row, nothing frozen), a white-listed member passes the rule that would block,
 * lifting an entry lets the retry through, an expired freeze lifts itself, the payout job detains an
 * order listed after its approval, and bad input (cards, IDs, addresses, CIDRs, overlaps, a bad import
 * line) is a 400 naming the field or the line with nothing written.
 */
import {
  blackBlockLog,
  blackCard,
  depositBlack,
  mchFrozenList,
  mchList,
  operationRecordList,
  orderTransferList,
  systemText,
  withdrawBlack,
  withdrawWhite,
} from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/modules/member/schema.ts';
import { withdrawOrders } from '../src/modules/order/schema.ts';
import { expireFreezes } from '../src/modules/risk/freezes.ts';
import { payOut } from '../src/modules/upstream/payout.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';
import { balance, lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

let t: TestApp;
let m: TestMerchant;
let admin: Session;

/** A Luhn-valid card number from a prefix. */
function card(prefix: string): string {
  for (let d = 0; d <= 9; d++) {
    const c = `${prefix}${d}`;
    let sum = 0;
    for (let i = 0; i < c.length; i++) {
      let v = Number(c[c.length - 1 - i]);
      if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
      sum += v;
    }
    if (sum % 10 === 0) return c;
  }
  throw new Error('unreachable');
}

const BAD_CARD = card('622202020011223344');
const GOOD_CARD = card('622848001122334455');
const payee = (accountNo: string, accountName = '张三') => ({
  bankName: '中国工商银行',
  accountName,
  accountNo,
});
const withdrawal = (mchOrderNo: string, accountNo = GOOD_CARD, extra: Record<string, string> = {}) => ({
  mchOrderNo,
  amount: '100.00',
  ...payee(accountNo),
  ...extra,
});

const post = <T = unknown>(path: string, body: unknown, locale = 'zh-CN') =>
  call<T>(t, 'POST', path, { session: admin, body, headers: { 'accept-language': locale } });
const count = async (q: ReturnType<typeof sql>) =>
  Number((await t.ctx.db.execute<{ n: number }>(q)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'error' });
  m = await makeMerchant(t, { withdrawRate: '0', singleMax: '50000' }, '10000.00');
  admin = await signInAdmin(t);
});
afterAll(async () => t.close());

describe('a black-listed card', () => {
  let entryId: number;

  it('is stored as a keyed hash and its last 4, never in clear', async () => {
    const res = await post<{ id: number; value: string; last4: string }>(blackCard.actions.add!.path, {
      kind: 'card',
      value: BAD_CARD.replace(/(\d{4})/g, '$1 '),
      reason: '盗卡投诉',
    });
    expect(res.statusCode, res.body).toBe(200);
    entryId = res.envelope.data.id;
    expect(res.envelope.data.value).toBe(`**** ${BAD_CARD.slice(-4)}`);
    const clear = await count(
      sql`SELECT count(*)::int AS n FROM risk_list_entries WHERE value LIKE ${`%${BAD_CARD}%`} OR lookup_key = ${BAD_CARD}`,
    );
    expect(clear).toBe(0);
  });

  it('cannot create a withdrawal: a clear refusal, a block-log row, nothing frozen or written', async () => {
    const before = await balance(t, m);
    const res = await mchCall(t, m, 'withdraw/create', withdrawal('W-BLK-1', BAD_CARD), {
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.envelope.code).toBe(2011);
    expect(res.envelope.msg).toContain('refused by risk control');
    expect(res.envelope.msg).toContain('accountNo');
    expect(await balance(t, m)).toEqual(before);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM withdraw_orders WHERE mch_order_no = 'W-BLK-1'`),
    ).toBe(0);
    const log = await lastLog(t);
    expect(log).toMatchObject({ mch_order_no: 'W-BLK-1', code: 2011, accepted: false });
    const page = await post<{ list: Record<string, unknown>[] }>(`${blackBlockLog.api}/findByPage`, {
      page: 1,
      pageSize: 10,
      filters: { mchOrderNo: 'W-BLK-1' },
    });
    expect(page.envelope.data.list).toHaveLength(1);
    expect(page.envelope.data.list[0]).toMatchObject({
      source: 'openapi',
      rule: 'blackCard',
      kind: 'card',
      entryId,
      mchNo: m.mchNo,
      subject: `**** ${BAD_CARD.slice(-4)}`,
    });
  });

  it('once lifted (a recorded operation), the retry succeeds', async () => {
    const lift = await post(blackCard.actions.lift!.path, { id: entryId, reason: '核实为误报' });
    expect(lift.statusCode, lift.body).toBe(200);
    const res = await mchCall<{ status: string }>(t, m, 'withdraw/create', withdrawal('W-BLK-1', BAD_CARD));
    expect(res.envelope.code, res.body).toBe(0);
    const ops = await t.ctx.db.execute<{ operation: string; actor: string; reason: string }>(
      sql`SELECT operation, actor, reason FROM risk_operation_records WHERE target = 'blackCard' AND target_id = ${entryId} ORDER BY id`,
    );
    expect(ops.rows).toEqual([
      { operation: 'add', actor: 'admin', reason: '盗卡投诉' },
      { operation: 'lift', actor: 'admin', reason: '核实为误报' },
    ]);
  });
});

describe('white lists', () => {
  it('a white-listed member passes the black rule that blocks everyone else', async () => {
    const black = await post(withdrawBlack.actions.add!.path, {
      kind: 'realName',
      value: '李 四',
      reason: '团伙',
    });
    expect(black.statusCode, black.body).toBe(200);
    const white = await post(withdrawWhite.actions.add!.path, {
      kind: 'mchMember',
      value: 'VIP-1',
      merchantId: m.id,
      reason: '长期客户',
    });
    expect(white.statusCode, white.body).toBe(200);
    const other = await mchCall(t, m, 'withdraw/create', {
      ...withdrawal('W-WH-1'),
      accountName: '李四',
      memberAccount: 'vip-2',
    });
    expect(other.envelope.code, other.body).toBe(2011);
    expect(other.envelope.msg).toContain('accountName');
    const vip = await mchCall(t, m, 'withdraw/create', {
      ...withdrawal('W-WH-2'),
      accountName: '李四',
      memberAccount: 'vip-1',
    });
    expect(vip.envelope.code, vip.body).toBe(0);
  });

  it('an IP block stops deposits of its merchant', async () => {
    const add = await post<{ id: number }>(depositBlack.actions.add!.path, {
      kind: 'ip',
      value: '127.0.0.0/8',
      merchantId: m.id,
      reason: '异常IP段',
    });
    expect(add.statusCode, add.body).toBe(200);
    const res = await mchCall(t, m, 'deposit/create', {
      mchOrderNo: 'D-IP-1',
      amount: '50.00',
      payType: 'bank_card',
    });
    expect(res.envelope.code, res.body).toBe(2011);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM deposit_orders WHERE mch_order_no = 'D-IP-1'`),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM risk_block_log WHERE mch_order_no = 'D-IP-1' AND kind = 'ip'`,
      ),
    ).toBe(1);
    await post(depositBlack.actions.lift!.path, { id: add.envelope.data.id, reason: '解除测试' });
    const again = await mchCall(t, m, 'deposit/create', {
      mchOrderNo: 'D-IP-2',
      amount: '50.00',
      payType: 'bank_card',
    });
    expect(again.envelope.code, again.body).not.toBe(2011);
  });
});

describe('freezes', () => {
  it('a frozen merchant cannot withdraw; the expired freeze lifts itself (job) and the retry passes', async () => {
    const until = new Date(t.ctx.clock.nowMs() + 3_600_000).toISOString();
    const f = await post<{ id: number }>(mchFrozenList.actions.add!.path, {
      subjectType: 'merchant',
      merchantId: m.id,
      freezeWithdraw: true,
      reason: '涉诉冻结',
      expiresAt: until,
    });
    expect(f.statusCode, f.body).toBe(200);
    const blocked = await mchCall(t, m, 'withdraw/create', withdrawal('W-FRZ-1'));
    expect(blocked.envelope.code).toBe(2011);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM risk_block_log WHERE mch_order_no = 'W-FRZ-1' AND rule = 'mchFrozenList'`,
      ),
    ).toBe(1);
    t.ctx.clock.advance(2 * 3_600_000);
    admin = await signInAdmin(t); // two idle hours end the session
    expect(await expireFreezes(t.ctx)).toEqual([f.envelope.data.id]);
    const row = await t.ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM risk_freezes WHERE id = ${f.envelope.data.id}`,
    );
    expect(row.rows[0]!.status).toBe('expired');
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM risk_operation_records WHERE target = 'mchFrozenList' AND operation = 'expire' AND actor = ${systemText('system')}`,
      ),
    ).toBe(1);
    const ok = await mchCall(t, m, 'withdraw/create', withdrawal('W-FRZ-2'));
    expect(ok.envelope.code, ok.body).toBe(0);
  });

  it("a member frozen on the member list cannot deposit or withdraw; the block log keeps the freeze's reason", async () => {
    const [member] = await t.ctx.db
      .insert(members)
      .values({ merchantId: m.id, mchNo: m.mchNo, account: 'frz-member-1', realName: '李四' })
      .returning({ id: members.id });
    const freeze = await post('/api/member/memberList/freeze', { id: member!.id, reason: '疑似盗卡充值' });
    expect(freeze.envelope.code, freeze.body).toBe(0);
    const deposit = (mchOrderNo: string) =>
      mchCall(
        t,
        m,
        'deposit/create',
        { mchOrderNo, amount: '50.00', payType: 'bank_card', memberAccount: 'frz-member-1' },
        { headers: { 'accept-language': 'en-US' } },
      );
    const refused = await deposit('D-MFRZ-1');
    expect(refused.envelope.code).toBe(2011);
    expect(refused.envelope.data).toMatchObject({
      fields: [{ field: 'memberAccount', message: 'the member is frozen' }],
    });
    const out = await mchCall(
      t,
      m,
      'withdraw/create',
      withdrawal('W-MFRZ-1', GOOD_CARD, { memberAccount: 'frz-member-1' }),
    );
    expect(out.envelope.code).toBe(2011);
    const { rows } = await t.ctx.pool.query(
      `SELECT rule, kind, entry_id, reason FROM risk_block_log WHERE mch_order_no IN ('D-MFRZ-1', 'W-MFRZ-1') ORDER BY id`,
    );
    expect(rows).toEqual([
      { rule: 'memberList', kind: 'mchMember', entry_id: member!.id, reason: '疑似盗卡充值' },
      { rule: 'memberList', kind: 'mchMember', entry_id: member!.id, reason: '疑似盗卡充值' },
    ]);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM deposit_orders WHERE mch_order_no = 'D-MFRZ-1'`),
    ).toBe(0);
    expect((await post('/api/member/memberList/unfreeze', { id: member!.id })).envelope.code).toBe(0);
    const again = await deposit('D-MFRZ-2');
    expect(again.envelope.code, again.body).not.toBe(2011);
  });

  it('refuses a freeze with nothing frozen or a past expiry, naming the field', async () => {
    const nothing = await post(mchFrozenList.actions.add!.path, {
      subjectType: 'member',
      merchantId: m.id,
      memberAccount: 'x1',
      reason: '测试冻结',
      expiresAt: new Date(t.ctx.clock.nowMs() + 60_000).toISOString(),
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.envelope.data).toMatchObject({ fields: [{ field: 'freezeDeposit' }] });
    const past = await post(mchFrozenList.actions.add!.path, {
      subjectType: 'merchant',
      merchantId: m.id,
      freezeDeposit: true,
      reason: '测试冻结',
      expiresAt: new Date(t.ctx.clock.nowMs() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.envelope.data).toMatchObject({ fields: [{ field: 'expiresAt' }] });
  });
});

describe('the payout job', () => {
  it('detains an approved withdrawal whose card was listed after approval: never paid, still frozen', async () => {
    const CARD = card('621700001234567890');
    const res = await mchCall<{ orderNo: string }>(t, m, 'withdraw/create', withdrawal('W-PAY-1', CARD));
    expect(res.envelope.code, res.body).toBe(0);
    const [o] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.mchOrderNo, 'W-PAY-1'));
    if (o!.status === 'in_review') await runSystemTransition(t.ctx, orderTransferList, 'approve', o!.id);
    const add = await post(blackCard.actions.add!.path, { kind: 'card', value: CARD, reason: '出款前拉黑' });
    expect(add.statusCode, add.body).toBe(200);
    const before = await balance(t, m);
    const [approved] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, o!.id));
    expect(await payOut(t.ctx, approved!)).toBe('skipped');
    const [after] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, o!.id));
    expect(after!.status).toBe('detained');
    expect(await balance(t, m)).toEqual(before);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM risk_block_log WHERE order_no = ${after!.orderNo} AND source = 'payout'`,
      ),
    ).toBe(1);
  });
});

describe('a frozen merchant', () => {
  it('cannot pay out: its approved withdrawal is detained by the payout job, its reason kept', async () => {
    const res = await mchCall<{ orderNo: string }>(t, m, 'withdraw/create', withdrawal('W-MCHFRZ-1'));
    expect(res.envelope.code, res.body).toBe(0);
    const [o] = await t.ctx.db
      .select()
      .from(withdrawOrders)
      .where(eq(withdrawOrders.mchOrderNo, 'W-MCHFRZ-1'));
    if (o!.status === 'in_review') await runSystemTransition(t.ctx, orderTransferList, 'approve', o!.id);
    // An operator's freeze (its code prompt is the transitions' tests'), run as the page's transition.
    await runSystemTransition(t.ctx, mchList, 'freeze', m.id, { reason: '涉诉账户，暂停出款' });
    const [approved] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, o!.id));
    expect(await payOut(t.ctx, approved!)).toBe('skipped');
    const [after] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, o!.id));
    expect(after!.status).toBe('detained');
    const { rows } = await t.ctx.pool.query(
      `SELECT rule, entry_id, subject, reason FROM risk_block_log WHERE order_no = $1 AND source = 'payout'`,
      [after!.orderNo],
    );
    expect(rows).toEqual([
      { rule: 'mchList', entry_id: m.id, subject: m.mchNo, reason: '涉诉账户，暂停出款' },
    ]);
    const history = await t.ctx.pool.query(
      `SELECT reason FROM status_history WHERE resource = 'orderTransferList' AND record_id = $1 AND to_status = 'detained'`,
      [String(o!.id)],
    );
    expect(history.rows).toEqual([{ reason: `@riskHold.mchList: #${m.id}` }]);
    await runSystemTransition(t.ctx, mchList, 'enable', m.id);
  });
});

describe('bad input', () => {
  const bad = async (path: string, body: Record<string, unknown>, field: string, text?: string) => {
    const before = await count(sql`SELECT count(*)::int AS n FROM risk_list_entries`);
    const res = await post<{ fields: { field: string; message: string }[] }>(
      path,
      { reason: '测试原因', ...body },
      'en-US',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.data.fields[0]!.field, `${JSON.stringify(body)} ${res.body}`).toBe(field);
    if (text) expect(res.envelope.data.fields[0]!.message).toContain(text);
    expect(await count(sql`SELECT count(*)::int AS n FROM risk_list_entries`)).toBe(before);
  };

  it('names the field of a malformed card, ID, phone, address or CIDR', async () => {
    await bad(
      blackCard.actions.add!.path,
      { kind: 'card', value: `${BAD_CARD.slice(0, -1)}${(Number(BAD_CARD.slice(-1)) + 1) % 10}` },
      'value',
      'check digit',
    );
    await bad(blackCard.actions.add!.path, { kind: 'card', value: '12345' }, 'value', '12-19 digits');
    await bad(
      withdrawBlack.actions.add!.path,
      { kind: 'idNumber', value: '110101199003071234' },
      'value',
      'ID number',
    );
    await bad(withdrawBlack.actions.add!.path, { kind: 'phone', value: '2345' }, 'value', 'phone');
    await bad('/api/financeRisk/blackVcAddresList/add', { kind: 'address', value: 'T123' }, 'value', 'TRC20');
    await bad(withdrawBlack.actions.add!.path, { kind: 'ip', value: '10.0.0.1/8' }, 'value', 'CIDR');
    await bad(withdrawBlack.actions.add!.path, { kind: 'ip', value: '300.1.1.1' }, 'value', 'CIDR');
    await bad(blackCard.actions.add!.path, { kind: 'realName', value: 'x' }, 'kind');
    await bad(withdrawBlack.actions.add!.path, { kind: 'mchMember', value: 'abc' }, 'merchantId');
  });

  it('refuses an overlapping CIDR and a duplicate value, naming the field', async () => {
    const ok = await post(withdrawBlack.actions.add!.path, {
      kind: 'ip',
      value: '10.1.0.0/16',
      reason: '机房',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await bad(withdrawBlack.actions.add!.path, { kind: 'ip', value: '10.1.2.0/24' }, 'value', 'overlaps');
    const id = await post(withdrawBlack.actions.add!.path, {
      kind: 'idNumber',
      value: '11010519491231002x',
      reason: '冒用',
    });
    expect(id.statusCode, id.body).toBe(200);
    await bad(
      withdrawBlack.actions.add!.path,
      { kind: 'idNumber', value: '11010519491231002X' },
      'value',
      'already',
    );
  });

  it('shows a personal value masked by its kind (list, record, export), and finds it by the full value', async () => {
    const add = await post<{ id: number }>(withdrawBlack.actions.add!.path, {
      kind: 'phone',
      value: '13912345678',
      reason: '盗卡团伙联系人',
    });
    expect(add.statusCode, add.body).toBe(200);
    const found = await post<{ list: { id: number; kind: string; value: string }[] }>(
      withdrawBlack.actions.list!.path,
      { page: 1, pageSize: 10, filters: { value: '13912345678' } },
    );
    expect(found.envelope.data.list.map((r) => [r.kind, r.value])).toEqual([['phone', '139****5678']]);
    // An IP is no personal data: shown as it is.
    const ips = await post<{ list: { value: string }[] }>(withdrawBlack.actions.list!.path, {
      page: 1,
      pageSize: 10,
      filters: { kind: 'ip' },
    });
    expect(ips.envelope.data.list.map((r) => r.value)).toContain('10.1.0.0/16');
    const one = await call<{ value: string }>(
      t,
      'GET',
      `${withdrawBlack.api}/getById?id=${add.envelope.data.id}`,
      { session: admin },
    );
    expect(one.envelope.data.value).toBe('139****5678');
    const file = await call(t, 'POST', withdrawBlack.actions.export!.path, {
      session: admin,
      body: { format: 'csv', filters: { kind: 'phone' } },
    });
    expect(file.body).toContain('139****5678');
    expect(file.body).not.toContain('13912345678');
  });

  it('a bulk import with a bad line imports nothing and names the line', async () => {
    const path = `${blackCard.api}/import`;
    const before = await count(sql`SELECT count(*)::int AS n FROM risk_list_entries`);
    const lines = [
      card('622202000000000001'),
      card('622202000000000002'),
      '6222 bad',
      card('622202000000000003'),
    ];
    const res = await post<{ fields: { field: string; message: string }[] }>(
      path,
      { kind: 'card', text: lines.join('\n'), reason: '批量导入' },
      'en-US',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.data.fields[0]).toMatchObject({ field: 'text' });
    expect(res.envelope.data.fields[0]!.message).toMatch(/^line 3: value /);
    expect(await count(sql`SELECT count(*)::int AS n FROM risk_list_entries`)).toBe(before);
    const good = await post<{ imported: number }>(path, {
      kind: 'card',
      text: `${lines[0]},来源A\n\n${lines[1]}`,
      reason: '批量导入',
    });
    expect(good.envelope.data, good.body).toEqual({ imported: 2 });
    expect(
      await count(sql`SELECT count(*)::int AS n FROM risk_operation_records WHERE operation = 'import'`),
    ).toBe(2);
  });
});

describe('operation records', () => {
  const records = async (target: string) => {
    const res = await post<{ list: Record<string, unknown>[] }>(`${operationRecordList.api}/findByPage`, {
      page: 1,
      pageSize: 20,
      filters: { target },
      sort: { field: 'id', order: 'asc' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.envelope.data.list;
  };
  const exported = async (target: string, language: string) => {
    const res = await call(t, 'POST', `${operationRecordList.api}/export`, {
      session: admin,
      body: { format: 'csv', filters: { target } },
      headers: { 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('name the kind, the merchant and the value as its list shows it, a lift as masked as the add', async () => {
    const add = await post<{ id: number }>(depositBlack.actions.add!.path, {
      kind: 'realName',
      value: '欧阳娜娜',
      merchantId: m.id,
      reason: '冒用他人身份',
    });
    expect(add.statusCode, add.body).toBe(200);
    const lift = await post(depositBlack.actions.lift!.path, {
      id: add.envelope.data.id,
      reason: '核实无误',
    });
    expect(lift.statusCode, lift.body).toBe(200);
    const mine = (await records('depositBlack')).filter((r) => r.targetId === add.envelope.data.id);
    expect(mine.map((r) => [r.operation, r.kind, r.merchantId, r.summary])).toEqual([
      ['add', 'realName', m.id, '欧***'],
      ['lift', 'realName', m.id, '欧***'],
    ]);
    const zh = await exported('depositBlack', 'zh-CN');
    expect(zh).toContain('真实姓名');
    expect(zh).not.toContain('欧阳娜娜');
    expect(await exported('depositBlack', 'en-US')).toContain('Real name');
  });

  it("a freeze's record names its subject and each thing it froze, in the operator's language", async () => {
    const f = await post<{ id: number }>(mchFrozenList.actions.add!.path, {
      subjectType: 'member',
      merchantId: m.id,
      memberAccount: 'Frozen-Rec-1',
      freezeDeposit: true,
      freezeLogin: true,
      reason: '账户被盗',
      expiresAt: new Date(t.ctx.clock.nowMs() + 3_600_000).toISOString(),
    });
    expect(f.statusCode, f.body).toBe(200);
    const [record] = (await records('mchFrozenList')).filter((r) => r.targetId === f.envelope.data.id);
    expect(record).toMatchObject({
      operation: 'freeze',
      kind: 'member',
      merchantId: m.id,
      summary: 'frozen-rec-1',
      freezes: 'freezeDeposit,freezeLogin',
    });
    const en = await exported('mchFrozenList', 'en-US');
    expect(en).toContain('Deposits, Login');
    expect(await exported('mchFrozenList', 'zh-CN')).toContain('冻结充值, 冻结登录');
  });
});
