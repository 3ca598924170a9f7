/**
 * The demo day's matched (P2P) orders: a split rule and two merchants' split and pool settings, then
 * matched withdrawals and deposits placed by the merchants THROUGH the merchant API over HTTP, the
 * withdrawals approved by the operator (into the pool), the deposits matched by the engine (one split
 * across two withdrawals, one partly matching), the payers' vouchers, a receiver's confirmation, an
 * operator's receipt audit, a dispute and a timeout (the expiry job's own function at a later hour).
 * Every match page then shows what the running system produced. A few seconds.
 */

/**
 * The demo day's matched (P2P) orders: a split rule and two merchants' split and pool settings, then
 * matched withdrawals and deposits placed by the merchants THROUGH the merchant API over HTTP, the
 * withdrawals approved by the operator (into the pool), the deposits matched by the engine (one split
 * across two withdrawals, one partly matching), the payers' vouchers, a receiver's confirmation, an
 * operator's receipt audit, a dispute and a timeout (the expiry job's own function at a later hour).
 * Every match page then shows what the running system produced. A few seconds.
 */
import zlib, { deflateSync } from 'node:zlib';
import { findTransferMatchByPage, orderTransferList } from '@payops/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { matches, matchMerchantConfig, matchRules } from '../modules/match/match.schema.ts';
import { expireDueMatches } from '../modules/match/match-timeouts.ts';
import { merchants } from '../modules/mch/schema.ts';
import { members } from '../modules/member/schema.ts';
import { withdrawOrders } from '../modules/order/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { type MerchantCredentials, merchantApiCall } from './orders-client.ts';
import { bankCard } from './people.ts';
import { Random } from './random.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

export interface MatchDayReport {
  withdrawals: number;
  deposits: number;
  matches: number;
  confirmed: number;
  disputed: number;
  timedOut: number;
  ms: number;
}

/** A small PNG (a receipt-coloured block): what a payer's phone would send. */
export function demoVoucherPng(width = 160, height = 90): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const band = y < 20 ? [22, 119, 255] : x % 40 < 2 ? [200, 200, 200] : [250, 250, 245];
      rows.set(band, at);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Members the demo's level rules let pair with each other (risk-levels-day: match levels 1 and 2 pair
 * both ways, premium 3 does not pair with 1), not frozen.
 */
const pairable = sql`${members.status} = 'normal' AND ${members.matchLevel} <= 2`;

/** Two enabled merchants with members to pair, the first the richer (it pays the withdrawals). */
async function parties(ctx: AppContext) {
  const rows = await ctx.db.execute<{ id: number; mch_no: string; secret_enc: string }>(sql`
    SELECT m.id, m.mch_no, m.secret_enc
      FROM ${merchants} m LEFT JOIN ledger_accounts a
        ON a.owner_type = 'merchant' AND a.owner_id = m.id AND a.currency = 'CNY'
     WHERE m.status = 'enabled'
       AND (SELECT count(*) FROM ${members} WHERE ${members.merchantId} = m.id AND ${pairable}) >= 4
     ORDER BY coalesce(a.available, 0) DESC, m.id
     LIMIT 2`);
  return rows.rows.map((m) => ({
    id: Number(m.id),
    creds: { mchNo: m.mch_no, secret: open(ctx.keys.secretKey, m.secret_enc) } as MerchantCredentials,
  }));
}

async function memberAccounts(ctx: AppContext, merchantId: number) {
  const rows = await ctx.db
    .select({ account: members.account })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), pairable))
    .orderBy(asc(members.id))
    .limit(4);
  return rows.map((r) => r.account);
}

export async function runMatchDay(ctx: AppContext, origin: string, seed = 20261125): Promise<MatchDayReport> {
  const started = Date.now();
  const r = new Random(seed);
  const report: MatchDayReport = {
    withdrawals: 0,
    deposits: 0,
    matches: 0,
    confirmed: 0,
    disputed: 0,
    timedOut: 0,
    ms: 0,
  };
  const [a, b] = await parties(ctx);
  if (!a || !b) return report;
  await ctx.db.insert(matchRules).values([
    {
      name: '小额拆单撮合',
      minAmount: '10',
      maxAmount: '5000',
      mode: 'split',
      payMinutes: 15,
      confirmMinutes: 30,
    },
    {
      name: '大额整单撮合',
      minAmount: '5000.01',
      maxAmount: '50000',
      mode: 'exact',
      priority: 'amount',
    },
  ]);
  await ctx.db.insert(matchMerchantConfig).values([
    { merchantId: a.id, poolGroup: 'demo-p2p', minSplitAmount: '50', maxPieces: 3, maxPoolAmount: '20000' },
    { merchantId: b.id, poolGroup: 'demo-p2p', minSplitAmount: '50', maxPieces: 3, maxPoolAmount: '20000' },
  ]);

  const payees = await memberAccounts(ctx, a.id);
  const payers = await memberAccounts(ctx, b.id);
  const stamp = Date.now().toString(36).toUpperCase();
  for (const [i, amount] of ['500', '300', '400'].entries()) {
    const card = bankCard(r);
    const res = await merchantApiCall<{ orderNo: string }>(origin, a.creds, 'match/withdraw', {
      mchOrderNo: `PW${stamp}${i}`,
      amount,
      memberAccount: payees[i]!,
      bankName: card.bank,
      accountName: payees[i]!,
      accountNo: card.cardNo,
    });
    if (res.envelope.code !== 0) continue;
    report.withdrawals++;
    const [w] = await ctx.db
      .select({ id: withdrawOrders.id, status: withdrawOrders.status })
      .from(withdrawOrders)
      .where(eq(withdrawOrders.orderNo, res.envelope.data.orderNo));
    if (w?.status === 'in_review')
      await runSystemTransition(ctx, orderTransferList, 'approve', w.id, { actor: OPERATOR });
  }

  // 600 splits across the 500 and 100 of the 300; 150 takes more of the 300; 120 the 400 (it will time out).
  const pieces: { matchNo: string }[][] = [];
  for (const [i, amount] of ['600', '150', '120'].entries()) {
    const res = await merchantApiCall<{ pieces: { matchNo: string }[] }>(origin, b.creds, 'match/deposit', {
      mchOrderNo: `PD${stamp}${i}`,
      amount,
      memberAccount: payers[i]!,
    });
    if (res.envelope.code !== 0) continue;
    report.deposits++;
    report.matches += res.envelope.data.pieces.length;
    pieces.push(res.envelope.data.pieces);
  }
  const voucher = demoVoucherPng().toString('base64');
  const paid = [...(pieces[0] ?? []), ...(pieces[1] ?? [])];
  for (const p of paid)
    await merchantApiCall(origin, b.creds, 'match/voucher', { matchNo: p.matchNo, voucher });
  // The receiving member confirms the first piece; an operator audits the receipt of the second.
  if (paid[0]) {
    const res = await merchantApiCall(origin, a.creds, 'match/confirm', { matchNo: paid[0].matchNo });
    if (res.envelope.code === 0) report.confirmed++;
  }
  const byNo = async (matchNo: string) =>
    (await ctx.db.select({ id: matches.id }).from(matches).where(eq(matches.matchNo, matchNo)))[0]?.id;
  const second = paid[1] && (await byNo(paid[1].matchNo));
  if (second) {
    await runSystemTransition(ctx, findTransferMatchByPage, 'auditConfirm', second, { actor: OPERATOR });
    report.confirmed++;
  }
  // The payee of the 150 says nothing arrived: an operator takes it to dispute.
  const third = paid[2] && (await byNo(paid[2].matchNo));
  if (third) {
    await runSystemTransition(ctx, findTransferMatchByPage, 'dispute', third, {
      actor: OPERATOR,
      reason: '收款方称未到账，待核实流水',
    });
    report.disputed++;
  }
  // Nobody paid the 120: the expiry job, run as it would run 20 minutes later, returns it to the pool.
  report.timedOut = (await expireDueMatches(ctx, new Date(ctx.clock.now().getTime() + 20 * 60_000))).length;
  report.ms = Date.now() - started;
  return report;
}

export function describeMatchDay(d: MatchDayReport): string {
  return (
    `demo matching: ${d.withdrawals} matched withdrawals pooled, ${d.deposits} deposits in ${d.matches} matches, ` +
    `${d.confirmed} confirmed, ${d.disputed} disputed, ${d.timedOut} timed out (${d.ms} ms)`
  );
}
