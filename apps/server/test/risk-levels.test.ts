/**
 * Credit and match levels (issue 13): definitions through their CRUD routes, overlapping thresholds
 * refused naming the field, the level job promoting and demoting from 30 days of successful deposits
 * while a fixed level survives it, and the pairing rule the matching engine asks (levelsMayPair).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/modules/member/schema.ts';
import { runLevelJob } from '../src/modules/risk/levels.job.ts';
import { levelsMayPair, loadPairingRules, type PairingRules } from '../src/modules/risk/levels.pairing.ts';
import { fundMerchant, newMerchant, type OrderWorld, orderWorld, post, type Row } from './order-support.ts';

let w: OrderWorld;
let mch: { id: number; mchNo: string };
const API = '/api/financeRisk';

beforeAll(async () => {
  w = await orderWorld();
  mch = await newMerchant(w, 'Levels Co');
  // Members arrive with the merchant's first orders in the demo generator; here three are enough.
  await w.t.ctx.db.insert(members).values(
    ['member01', 'member02', 'member03'].map((account) => ({
      merchantId: mch.id,
      mchNo: mch.mchNo,
      account,
      level: 2,
      matchLevel: 2,
    })),
  );
});
afterAll(() => w.t.close());

const add = (page: string, body: Row, en = false) => post(w, `${API}/${page}/add`, body, { en });
const memberRow = async (account: string) =>
  (await w.t.ctx.db.select().from(members).where(eq(members.account, account)))[0]!;
const fieldOf = (res: { envelope: { data: unknown } }) =>
  (res.envelope.data as { fields: { field: string; message: string }[] }).fields[0];

describe('level definitions', () => {
  it('adds match and credit levels; refuses overlapping thresholds naming the field', async () => {
    for (const [level, pairsWith] of [
      [1, '1,2'],
      [2, '3,1,2'],
      [3, '2,3'],
    ] as const) {
      const res = await add('macth_level', { level, name: `M${level}`, pairsWith });
      expect(res.envelope.code, res.body).toBe(0);
    }
    const levels = [
      { level: 1, name: '新手', minDepositCount: 0, minDepositAmount: '0', matchLevel: 1 },
      { level: 2, name: '普通', minDepositCount: 2, minDepositAmount: '500', matchLevel: 2 },
      { level: 3, name: '优质', minDepositCount: 5, minDepositAmount: '5000', matchLevel: 3 },
    ];
    for (const l of levels) {
      const res = await add('credit_level', {
        ...l,
        singleLimit: '5000',
        dailyLimit: '20000',
        matchAllowed: true,
      });
      expect(res.envelope.code, res.body).toBe(0);
    }
    const list = await post<{ list: Row[] }>(w, `${API}/credit_level/findByPage`, { page: 1, pageSize: 10 });
    expect(list.envelope.data.list.map((r) => r.level)).toEqual([1, 2, 3]);
    const m2 = await post<{ list: Row[] }>(w, `${API}/macth_level/findByPage`, { page: 1, pageSize: 10 });
    expect(m2.envelope.data.list.find((r) => r.level === 2)?.pairsWith).toBe('1,2,3');

    // Level 4 asks fewer deposits than level 3: a member would belong to both.
    const overlap = await add(
      'credit_level',
      {
        level: 4,
        name: 'VIP',
        minDepositCount: 3,
        minDepositAmount: '9000',
        matchLevel: 3,
        singleLimit: '1',
        dailyLimit: '1',
      },
      true,
    );
    expect(overlap.statusCode).toBe(400);
    expect(fieldOf(overlap)).toMatchObject({ field: 'minDepositCount' });
    expect(fieldOf(overlap)!.message).toContain('level 3');
    const sameAmount = await add('credit_level', {
      level: 4,
      name: 'VIP',
      minDepositCount: 9,
      minDepositAmount: '5000',
      matchLevel: 3,
      singleLimit: '1',
      dailyLimit: '1',
    });
    expect(sameAmount.statusCode).toBe(400);
    expect(fieldOf(sameAmount)).toMatchObject({ field: 'minDepositAmount' });
    expect(fieldOf(sameAmount)!.message).toContain('重叠');
    const unknownMatch = await add('credit_level', {
      level: 4,
      name: 'VIP',
      minDepositCount: 9,
      minDepositAmount: '9000',
      matchLevel: 7,
      singleLimit: '1',
      dailyLimit: '1',
    });
    expect(fieldOf(unknownMatch)).toMatchObject({ field: 'matchLevel' });
    const after = await post<{ list: Row[] }>(w, `${API}/credit_level/findByPage`, { page: 1, pageSize: 10 });
    expect(after.envelope.data.list).toHaveLength(3);
  });
});

describe('level job and fixed levels', () => {
  it('promotes and demotes from deposit history, and never touches a fixed level', async () => {
    // member01 (the order helpers' member) has 5 successful deposits, 6000 in all: level 3's thresholds.
    for (let i = 0; i < 5; i++) await fundMerchant(w, mch.id, '1200');
    const fixed = await add('findLevelFixedPage', {
      mchNo: mch.mchNo,
      memberAccount: 'member02',
      level: 3,
      matchLevel: 3,
      reason: 'VIP by contract',
    });
    expect(fixed.envelope.code, fixed.body).toBe(0);
    expect(await memberRow('member02')).toMatchObject({ level: 3, matchLevel: 3 });

    const run = await runLevelJob(w.t.ctx);
    expect(run).toEqual({ promoted: 1, demoted: 1 });
    expect(await memberRow('member01')).toMatchObject({ level: 3, matchLevel: 3 }); // 5 deposits, 6000
    expect(await memberRow('member03')).toMatchObject({ level: 1, matchLevel: 1 }); // nothing deposited
    expect(await memberRow('member02')).toMatchObject({ level: 3, matchLevel: 3 }); // fixed, no history

    // Safe to run twice: nothing left to change.
    expect(await runLevelJob(w.t.ctx)).toEqual({ promoted: 0, demoted: 0 });

    const list = await post<{ list: Row[] }>(w, `${API}/findLevelFixedPage/findByPage`, {
      filters: { memberAccount: 'member02' },
    });
    expect(list.envelope.code, list.body).toBe(0);
    expect(list.envelope.data.list[0]).toMatchObject({
      level: 3,
      operatorName: 'admin',
      reason: 'VIP by contract',
    });
  });

  it('refuses a fixed level for an unknown member or an undefined level, naming the field', async () => {
    const nobody = await add('findLevelFixedPage', {
      mchNo: mch.mchNo,
      memberAccount: 'nobody',
      level: 2,
      matchLevel: 2,
      reason: 'test',
    });
    expect(nobody.statusCode).toBe(400);
    expect(fieldOf(nobody)).toMatchObject({ field: 'memberAccount' });
    const badLevel = await add('findLevelFixedPage', {
      mchNo: mch.mchNo,
      memberAccount: 'member03',
      level: 9,
      matchLevel: 2,
      reason: 'test',
    });
    expect(fieldOf(badLevel)).toMatchObject({ field: 'level' });
    expect(await memberRow('member03')).toMatchObject({ level: 1 });
  });
});

describe('levelsMayPair (the matching engine asks this for every candidate pair)', () => {
  const rules: PairingRules = {
    credit: [
      { level: 1, matchAllowed: false },
      { level: 2, matchAllowed: true },
      { level: 3, matchAllowed: true },
    ],
    match: [
      { level: 1, pairsWith: '1,2' },
      { level: 2, pairsWith: '1,2,3' },
      { level: 3, pairsWith: '3' },
    ],
  };
  it('pairs only when both credit levels may match and each match level lists the other', () => {
    expect(levelsMayPair(rules, { level: 2, matchLevel: 2 }, { level: 3, matchLevel: 2 })).toBe(true);
    // 2 lists 3, but 3 does not list 2: mutual consent is required.
    expect(levelsMayPair(rules, { level: 2, matchLevel: 2 }, { level: 3, matchLevel: 3 })).toBe(false);
    expect(levelsMayPair(rules, { level: 3, matchLevel: 3 }, { level: 2, matchLevel: 2 })).toBe(false);
    // Credit level 1 may not match at all.
    expect(levelsMayPair(rules, { level: 1, matchLevel: 2 }, { level: 2, matchLevel: 2 })).toBe(false);
    // An undefined level allows nothing.
    expect(levelsMayPair(rules, { level: 2, matchLevel: 9 }, { level: 2, matchLevel: 2 })).toBe(false);
  });

  it('reads the rules the operators defined (credit 1-3 may match; match 1 pairs 1,2; 2 pairs 1-3; 3 pairs 2,3)', async () => {
    const saved = await loadPairingRules(w.t.ctx.db);
    expect(levelsMayPair(saved, { level: 2, matchLevel: 1 }, { level: 3, matchLevel: 2 })).toBe(true);
    expect(levelsMayPair(saved, { level: 2, matchLevel: 1 }, { level: 3, matchLevel: 3 })).toBe(false);
    expect(levelsMayPair(saved, { level: 3, matchLevel: 3 }, { level: 2, matchLevel: 2 })).toBe(true);
  });
});
