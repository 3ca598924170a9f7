/**
 * The demo day's risk control (issue 13, lists and freezes): an operator fills the lists through the
 * same service the pages use (a stolen card, a fraud ring's real name, a data-centre IP block, a
 * merchant's bad member, a VIP exempted, a scam address), freezes one member's deposits, then
 * merchants try orders over the merchant API that these stop, so the block log shows real attempts;
 * one entry is lifted again. Every /financeRisk list page of this branch is then non-empty.
 */
import { withdrawBlack } from '@payops/contracts';
import { asc, eq } from 'drizzle-orm';
import { merchants } from '../modules/mch/schema.ts';
import { addFreeze } from '../modules/risk/freezes.ts';
import { addListEntry, type ListEntryInput } from '../modules/risk/service.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { merchantApiCall } from './orders-client.ts';
import { bankCard, personName } from './people.ts';
import { Random } from './random.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };
const SCAM_ADDRESS = 'TScamDemoAddr1111111111111111111Zz';

export interface RiskDayReport {
  entries: number;
  blocked: number;
  freezes: number;
}

export async function runRiskDay(ctx: AppContext, origin: string, seed = 20261125): Promise<RiskDayReport> {
  const r = new Random(seed);
  const [m] = await ctx.db
    .select({ id: merchants.id, mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'))
    .orderBy(asc(merchants.id))
    .limit(1);
  if (!m) return { entries: 0, blocked: 0, freezes: 0 };
  const card = bankCard(r);
  const ring = personName(r);
  const entries: ListEntryInput[] = [
    { list: 'card', kind: 'card', value: card.cardNo, reason: '持卡人报案：银行卡被盗刷' },
    { list: 'withdraw_black', kind: 'realName', value: ring, reason: '同一姓名多商户套现' },
    { list: 'withdraw_black', kind: 'ip', value: '203.0.113.0/24', reason: '机房IP段批量提现' },
    {
      list: 'deposit_black',
      kind: 'mchMember',
      value: 'fraud-user-01',
      merchantId: m.id,
      reason: '商户反馈：恶意拒付',
    },
    { list: 'deposit_white', kind: 'mchMember', value: 'vip-0001', merchantId: m.id, reason: '长期优质会员' },
    {
      list: 'withdraw_white',
      kind: 'mchMember',
      value: 'vip-0001',
      merchantId: m.id,
      reason: '长期优质会员',
    },
    { list: 'vc_address', kind: 'address', value: SCAM_ADDRESS, reason: '链上情报：诈骗收款地址' },
  ];
  const ids = await ctx.db.transaction(async (tx) => {
    const out: number[] = [];
    for (const e of entries) out.push((await addListEntry(ctx, tx, e, OPERATOR)).id);
    await addFreeze(
      ctx,
      tx,
      {
        subjectType: 'member',
        merchantId: m.id,
        memberAccount: 'frozen-user-01',
        freezeDeposit: true,
        freezeWithdraw: true,
        reason: '涉嫌洗钱，临时冻结24小时',
        expiresAt: new Date(ctx.clock.nowMs() + 24 * 3_600_000),
      },
      OPERATOR,
    );
    return out;
  });

  const creds = { mchNo: m.mchNo, secret: open(ctx.keys.secretKey, m.secretEnc) };
  const no = (tag: string) => `RISK${tag}${Date.now().toString(36).toUpperCase()}`;
  const payee = { bankName: card.bank, amount: '300.00' };
  const attempts: [string, Record<string, string>][] = [
    [
      'withdraw/create',
      { ...payee, mchOrderNo: no('C'), accountName: personName(r), accountNo: card.cardNo },
    ],
    ['withdraw/create', { ...payee, mchOrderNo: no('N'), accountName: ring, accountNo: bankCard(r).cardNo }],
    [
      'deposit/create',
      { mchOrderNo: no('M'), amount: '200.00', payType: 'bank_card', memberAccount: 'fraud-user-01' },
    ],
    [
      'deposit/create',
      { mchOrderNo: no('F'), amount: '500.00', payType: 'bank_card', memberAccount: 'frozen-user-01' },
    ],
    [
      'usdt/withdraw/create',
      { mchOrderNo: no('U'), usdtAmount: '50', network: 'TRC20', address: SCAM_ADDRESS },
    ],
  ];
  let blocked = 0;
  for (const [path, params] of attempts) {
    const res = await merchantApiCall(origin, creds, path, params);
    if (res.envelope.code !== 0) blocked++;
  }
  // The ring's name turned out to be a namesake: the operator lifts it (an operation record).
  await runSystemTransition(ctx, withdrawBlack, 'lift', ids[1], {
    actor: OPERATOR,
    reason: '核实为同名，解除',
  });
  return { entries: ids.length, blocked, freezes: 1 };
}

export function describeRiskDay(d: RiskDayReport): string {
  return `risk: ${d.entries} list entries, ${d.freezes} freeze, ${d.blocked} attempts blocked`;
}
