/**
 * Login freezes (issue 13, mch_frozen_list's "login"): a merchant has no console login; its signed
 * merchant API calls are its login. A live login freeze of the merchant refuses every call with its
 * own code (2012, 403, on the placement log); a member's login freeze does not stop the merchant;
 * lifted (or expired), the merchant's calls pass again.
 */
import { mchFrozenList } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';
import { lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

let t: TestApp;
let admin: Session;
let m: TestMerchant;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  m = await makeMerchant(t);
});
afterAll(() => t.close());

const freeze = async (body: Record<string, unknown>) => {
  const res = await call<{ id: number }>(t, 'POST', mchFrozenList.actions.add!.path, {
    session: admin,
    body: {
      merchantId: m.id,
      reason: '涉诉冻结',
      expiresAt: new Date(t.ctx.clock.nowMs() + 3_600_000).toISOString(),
      ...body,
    },
  });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data.id;
};
const query = () => mchCall(t, m, 'order/query', { orderType: 'deposit', mchOrderNo: 'NOPE-1' });

describe('merchant login freeze', () => {
  it('refuses the frozen merchant’s API calls with their own code, until lifted', async () => {
    expect((await query()).envelope.code).toBe(404);
    // A member's login freeze is not the merchant's.
    await freeze({ subjectType: 'member', memberAccount: 'u1', freezeLogin: true });
    expect((await query()).envelope.code).toBe(404);

    const id = await freeze({ subjectType: 'merchant', freezeLogin: true });
    const refused = await mchCall(
      t,
      m,
      'order/query',
      { orderType: 'deposit', mchOrderNo: 'NOPE-1' },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(refused.envelope).toMatchObject({ msg: expect.stringContaining('frozen') });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.code).toBe(2012);
    expect((await lastLog(t)).code).toBe(2012);

    const lift = await call(t, 'POST', mchFrozenList.actions.lift!.path, {
      session: admin,
      body: { id, reason: '已结案' },
    });
    expect(lift.envelope.code, lift.body).toBe(0);
    expect((await query()).envelope.code).toBe(404);
  });
});
