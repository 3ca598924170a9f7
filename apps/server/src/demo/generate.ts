/**
 * The demo platform: the payment configuration (pay-config.ts), merchants with their channel configs, members with
 * payment accounts, and balances built from real postings through the ledger's bulk path (so
 * `ledger:verify` holds on demo data too). Deterministic for a seed; rows go in multi-row batches and
 * members are made batch by batch, so the size options can grow it to millions without holding it all.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { merchantPassages } from '../modules/mch/passage.schema.ts';
import { merchants } from '../modules/mch/schema.ts';
import { memberPaymentAccounts, memberRebateOrders, members } from '../modules/member/schema.ts';
import {
  dec,
  type EntryInput,
  ledgerAccounts,
  POINTS_CURRENCY,
  platformAccount,
  postEntries,
  type Tx,
} from '../platform/ledger/index.ts';
import { seal } from '../platform/secret-box.ts';
import { insertRows, takeIds } from './bulk-insert.ts';
import { seedPayConfig } from './pay-config.ts';
import { bankCard, city, idNumber, mobile, personName } from './people.ts';
import { Random } from './random.ts';
import { FINANCE_TAGS, MERCHANT_PREFIXES, MERCHANT_TRADES } from './vocabulary.ts';

const GENERATED_TAGS = FINANCE_TAGS.filter((t) => t.generated).map((t) => t.code);

export interface DemoOptions {
  merchants: number;
  members: number;
  seed: number;
  /** Members are made and posted this many at a time. */
  batch?: number;
  /** This server's own address: the sandbox provider's base URL starts with it. */
  origin?: string;
}

/** The origin of a server on the default port, when the caller does not say. */
export const DEMO_ORIGIN = 'http://127.0.0.1:8080';

export interface DemoReport {
  merchants: number;
  members: number;
  paymentAccounts: number;
  postings: number;
  rebates: number;
  ms: number;
}

export const DEMO_DEFAULTS: DemoOptions = { merchants: 20, members: 20_000, seed: 20260522 };

const DAY = 86_400_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table here. */
const CHUNK = 1000;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** True when the database already has merchants: the demo loads only into an empty platform. */
export async function hasMerchants(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM merchants) AS any`);
  return rows[0]!.any;
}

export async function generateDemo(
  db: Db,
  secretKey: Buffer,
  now: Date,
  opts: DemoOptions,
): Promise<DemoReport> {
  const started = Date.now();
  const r = new Random(opts.seed);
  const report: DemoReport = { merchants: 0, members: 0, paymentAccounts: 0, postings: 0, rebates: 0, ms: 0 };
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  const mchs = await db.transaction(async (tx) => {
    const ps = await seedPayConfig(tx, r, secretKey, opts.origin ?? DEMO_ORIGIN);
    const rows = Array.from({ length: opts.merchants }, (_, i) => {
      const secret = `demo-${opts.seed}-${i}-${r.digits(12)}`;
      return {
        mchNo: `M${10_000_000 + r.int(0, 89_999_999)}`,
        name: `${r.pick(MERCHANT_PREFIXES)}${r.pick(MERCHANT_TRADES)}${i + 1}号店`,
        secretEnc: seal(secretKey, secret),
        secretHint: `******${secret.slice(-4)}`,
        notifyUrl: `https://api.shop${i + 1}.example.cn/pay/notify`,
        // Their servers, and this machine: the demo orders call the merchant API from loopback.
        ipWhitelist: `203.0.113.${i + 1},127.0.0.1,::1`,
        depositRate: `0.0${r.int(10, 25)}`,
        withdrawRate: `0.00${r.int(5, 9)}`,
        singleMin: '100',
        singleMax: '50000',
        dailyLimit: '2000000',
        contact: personName(r),
        phone: mobile(r),
        createdAt: at(200 - i),
        updatedAt: at(200 - i),
      };
    });
    const inserted = await tx.insert(merchants).values(rows).onConflictDoNothing().returning();
    await insertChunks(
      inserted.flatMap((m) =>
        ps
          .filter(() => r.chance(0.4))
          .map((p) => ({
            merchantId: m.id,
            passageId: p.id,
            direction: p.direction,
            payType: p.payType,
            rate: `0.0${r.int(10, 20)}`,
            weight: r.int(1, 10),
          })),
      ),
      (chunk) => tx.insert(merchantPassages).values(chunk),
    );
    const accounts = await tx
      .insert(ledgerAccounts)
      .values(
        inserted.map((m) => ({
          ownerType: 'merchant' as const,
          ownerId: m.id,
          ownerCode: m.mchNo,
          merchantId: m.id,
        })),
      )
      .returning({ id: ledgerAccounts.id, ownerId: ledgerAccounts.ownerId });
    const settlement = await platformAccount(tx, 'settlement');
    const entries: EntryInput[] = [];
    for (const a of accounts) {
      for (let day = 180; day >= 1; day -= r.int(1, 3)) {
        const amount = r.amount(1000, 80_000);
        entries.push({
          kind: 'deposit',
          refType: 'deposit_order',
          refId: `D${a.id}-${day}-${r.digits(4)}`,
          at: at(day),
          legs: [
            { accountId: a.id, amount },
            { accountId: settlement.id, amount: `-${amount}` },
          ],
        });
        if (r.chance(0.3)) {
          const out = r.amount(100, 900);
          entries.push({
            kind: 'withdraw',
            refType: 'withdraw_order',
            refId: `W${a.id}-${day}-${r.digits(4)}`,
            at: at(day - 0.5),
            legs: [
              { accountId: a.id, amount: `-${out}` },
              { accountId: settlement.id, amount: out },
            ],
          });
        }
      }
    }
    report.postings += await postEntries(tx, entries);
    return inserted;
  });
  report.merchants = mchs.length;

  const batch = opts.batch ?? 5000;
  for (let done = 0; done < opts.members; done += batch) {
    const n = Math.min(batch, opts.members - done);
    const counts = await db.transaction((tx) => memberBatch(tx, r, mchs, done, n, at));
    report.members += counts.members;
    report.paymentAccounts += counts.paymentAccounts;
    report.postings += counts.postings;
    report.rebates += counts.rebates;
  }
  report.ms = Date.now() - started;
  return report;
}

type MerchantRow = typeof merchants.$inferSelect;

/** One batch of members with their payment accounts, deposits, withdrawals, points and rebates. */
async function memberBatch(
  tx: Tx,
  r: Random,
  mchs: MerchantRow[],
  offset: number,
  n: number,
  at: (daysAgo: number) => Date,
) {
  const plans = Array.from({ length: n }, (_, i) => {
    const m = mchs[r.int(0, mchs.length - 1)]!;
    const c = city(r);
    const joined = r.int(2, 180);
    const deposits = r.chance(0.75)
      ? Array.from({ length: r.int(1, 3) }, (_, k) => ({
          amount: r.amount(100, 5000),
          day: joined - k * 0.3 - 0.1,
        }))
      : [];
    // One draw per generated tag, as many as before the tags were codes: the demo's later draws stay.
    const tags = GENERATED_TAGS.filter(() => r.chance(0.12)).join(',');
    return {
      row: {
        merchantId: m.id,
        mchNo: m.mchNo,
        account: `u${String(offset + i + 1).padStart(7, '0')}`,
        realName: personName(r),
        phone: mobile(r),
        idNumber: idNumber(r, c.areaCode),
        level: r.int(1, 3),
        matchLevel: r.int(1, 3),
        status: r.chance(0.03) ? ('frozen' as const) : ('normal' as const),
        financeTags: tags,
        city: c.name,
        firstDepositAt: deposits[0] ? at(deposits[0].day) : null,
        firstDepositAmount: deposits[0]?.amount ?? null,
        createdAt: at(joined),
        updatedAt: at(joined),
      },
      deposits,
      points: r.chance(0.6) ? String(r.int(1, 500) * 10) : null,
      withdraw: deposits.length > 0 && r.chance(0.35),
    };
  });

  const ids = await takeIds(tx, members, plans.length);
  await insertRows(
    tx,
    members,
    plans.map((p, i) => ({ id: ids[i], ...p.row })),
  );

  const payments = plans.flatMap((p, i) => {
    const holder = p.row.realName;
    const card = bankCard(r);
    const list = [
      { payType: 'bank_card' as const, accountNo: card.cardNo, bankName: card.bank },
      ...(r.chance(0.5) ? [{ payType: 'alipay' as const, accountNo: p.row.phone, bankName: '' }] : []),
      ...(r.chance(0.2)
        ? [{ payType: 'wechat' as const, accountNo: `wxid_${r.digits(10)}`, bankName: '' }]
        : []),
    ];
    return list.map((x) => ({
      ...x,
      memberId: ids[i]!,
      merchantId: p.row.merchantId,
      memberAccount: p.row.account,
      holderName: holder,
      blacklisted: r.chance(0.005),
      createdAt: p.row.createdAt,
      updatedAt: p.row.createdAt,
    }));
  });
  await insertRows(tx, memberPaymentAccounts, payments);

  const accountRows = plans.flatMap((p, i) => {
    const base = {
      ownerType: 'member' as const,
      ownerId: ids[i]!,
      ownerCode: p.row.account,
      merchantId: p.row.merchantId,
    };
    return [
      ...(p.deposits.length ? [{ ...base, currency: 'CNY' }] : []),
      ...(p.points ? [{ ...base, currency: POINTS_CURRENCY }] : []),
    ];
  });
  const accountIds = await takeIds(tx, ledgerAccounts, accountRows.length);
  await insertRows(
    tx,
    ledgerAccounts,
    accountRows.map((a, i) => ({ id: accountIds[i], ...a })),
  );
  const accountId = new Map(accountRows.map((a, i) => [`${a.ownerId}/${a.currency}`, accountIds[i]!]));

  const settlement = (await platformAccount(tx, 'settlement')).id;
  const pointsPool = (await platformAccount(tx, 'points', POINTS_CURRENCY)).id;
  const entries: EntryInput[] = [];
  const rebates: (typeof memberRebateOrders.$inferInsert)[] = [];
  plans.forEach((p, i) => {
    const money = accountId.get(`${ids[i]}/CNY`);
    for (const [k, d] of p.deposits.entries()) {
      const ref = `P${ids[i]}-${k}`;
      entries.push({
        kind: 'deposit',
        refType: 'deposit_order',
        refId: ref,
        at: at(d.day),
        legs: [
          { accountId: money!, amount: d.amount },
          { accountId: settlement, amount: `-${d.amount}` },
        ],
      });
      if (r.chance(0.15)) {
        const rebate = `${r.int(0, 9)}.${r.digits(2)}`;
        rebates.push({
          orderNo: `RB${ref}`,
          direction: 'deposit',
          merchantId: p.row.merchantId,
          mchNo: p.row.mchNo,
          memberId: ids[i]!,
          memberAccount: p.row.account,
          orderAmount: d.amount,
          rate: '0.005',
          amount: rebate,
          status: r.pick(['pending', 'paid', 'paid', 'cancelled'] as const),
          createdAt: at(d.day),
        });
      }
    }
    if (p.withdraw && money) {
      // Half of the first deposit: always covered, so the guard never refuses demo data.
      const out = dec(p.deposits[0]!.amount).div(dec('2')).round(2, 0).toFixed();
      entries.push({
        kind: 'withdraw',
        refType: 'withdraw_order',
        refId: `T${ids[i]}`,
        at: at(Math.max(p.deposits.at(-1)!.day - 0.05, 0.01)),
        legs: [
          { accountId: money, amount: `-${out}` },
          { accountId: settlement, amount: out },
        ],
      });
      if (r.chance(0.2))
        rebates.push({
          orderNo: `RBT${ids[i]}`,
          direction: 'withdraw',
          merchantId: p.row.merchantId,
          mchNo: p.row.mchNo,
          memberId: ids[i]!,
          memberAccount: p.row.account,
          orderAmount: out,
          rate: '0.003',
          amount: dec(out).times(dec('0.003')).round(2, 0).toFixed(),
          status: r.pick(['pending', 'paid'] as const),
          createdAt: at(Math.max(p.deposits.at(-1)!.day - 0.05, 0.01)),
        });
    }
    if (p.points) {
      entries.push({
        kind: 'points',
        refType: 'member_points',
        refId: p.row.account,
        event: 'signup_bonus',
        note: '注册赠送积分',
        at: p.row.createdAt,
        legs: [
          { accountId: accountId.get(`${ids[i]}/${POINTS_CURRENCY}`)!, amount: p.points },
          { accountId: pointsPool, amount: `-${p.points}` },
        ],
      });
    }
  });
  const postings = await postEntries(tx, entries);
  await insertRows(tx, memberRebateOrders, rebates);
  return { members: ids.length, paymentAccounts: payments.length, postings, rebates: rebates.length };
}
