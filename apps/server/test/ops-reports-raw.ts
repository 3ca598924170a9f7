/**
 * The operations reports' figures computed straight from the raw records, in JavaScript (big.js for
 * money), independently of the rollups' SQL: each function reads the plain rows of the span and
 * groups them at the rollup's grain (day + keys). ops-reports.test.ts compares these with the rollups
 * and with what the report pages answer.
 */
import { RETENTION_DAYS, timeBucketOf } from '@payops/contracts';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export type Row = Record<string, string | number>;
export interface Span {
  zone: string;
  from: string;
  to: string;
}

/** The local day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .slice(0, 10);
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const dayDiff = (a: string, b: string) =>
  Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);

/** Groups rows into rollup rows: counts add 1 (or the given number), money adds with big.js. */
class Groups {
  private map = new Map<string, Row>();
  constructor(
    private keys: string[],
    private counts: string[],
    private sums: string[],
  ) {}
  add(
    key: Record<string, string | number>,
    counts: Record<string, number>,
    sums: Record<string, string | number>,
  ) {
    const id = this.keys.map((k) => key[k]).join('|');
    let row = this.map.get(id);
    if (!row) {
      row = { ...key };
      for (const c of this.counts) row[c] = 0;
      for (const s of this.sums) row[s] = '0';
      this.map.set(id, row);
    }
    for (const [c, n] of Object.entries(counts)) row[c] = Number(row[c]) + n;
    for (const [s, v] of Object.entries(sums)) row[s] = new Big(row[s]!).plus(v).toString();
    return this;
  }
  rows(): Row[] {
    return [...this.map.values()];
  }
}

const inSpan = (s: Span, day: string) => day >= s.from && day <= s.to;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const OPEN = [
  'proposed',
  'matched',
  'payer_paid',
  'disputed',
  'manual_success_pending',
  'manual_fail_pending',
];

export async function rawMatchDays(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(
    ['day', 'deposit_merchant_id', 'withdraw_merchant_id'],
    ['matches', 'confirmed', 'failed', 'open', 'confirm_seconds'],
    ['amount', 'confirmed_amount', 'confirmed_fee', 'failed_amount'],
  );
  type M = {
    created_at: Date;
    dm: number;
    wm: number;
    status: string;
    amount: string;
    fee: string;
    secs: string;
  };
  for (const m of await rows<M>(
    db,
    sql`SELECT created_at, deposit_merchant_id AS dm, withdraw_merchant_id AS wm, status, amount,
      deposit_fee AS fee, floor(extract(epoch from confirmed_at - created_at))::text AS secs FROM matches`,
  )) {
    const day = localDay(new Date(m.created_at), s.zone);
    if (!inSpan(s, day)) continue;
    const ok = m.status === 'confirmed';
    const failed = m.status === 'timeout' || m.status === 'cancelled';
    g.add(
      { day, deposit_merchant_id: m.dm, withdraw_merchant_id: m.wm },
      {
        matches: 1,
        confirmed: ok ? 1 : 0,
        failed: failed ? 1 : 0,
        open: OPEN.includes(m.status) ? 1 : 0,
        confirm_seconds: ok ? Number(m.secs) : 0,
      },
      {
        amount: m.amount,
        confirmed_amount: ok ? m.amount : 0,
        confirmed_fee: ok ? m.fee : 0,
        failed_amount: failed ? m.amount : 0,
      },
    );
  }
  return g.rows();
}

export async function rawMatchWaitDays(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(['day', 'merchant_id', 'bucket'], ['pieces', 'wait_seconds'], ['amount']);
  type M = { created_at: Date; merchant_id: number; amount: string; secs: string };
  for (const m of await rows<M>(
    db,
    sql`SELECT m.created_at, m.withdraw_merchant_id AS merchant_id, m.amount,
      floor(extract(epoch from m.created_at - p.entered_at))::text AS secs
      FROM matches m JOIN match_pool p ON p.id = m.pool_id`,
  )) {
    const day = localDay(new Date(m.created_at), s.zone);
    if (!inSpan(s, day)) continue;
    const secs = Number(m.secs);
    g.add(
      { day, merchant_id: m.merchant_id, bucket: timeBucketOf(secs) },
      { pieces: 1, wait_seconds: secs },
      { amount: m.amount },
    );
  }
  return g.rows();
}

type Candidate = { passageId: number; verdict: string; detail?: string };
type Decision = { created_at: Date; direction: string; candidates: Candidate[] };
type Callback = {
  at: Date;
  third_party_id: number;
  direction: string;
  result: string;
  reason: string | null;
};

async function pushes(db: Db, s: Span) {
  const passageTp = new Map(
    (await rows<{ id: number; tp: number }>(db, sql`SELECT id, third_party_id AS tp FROM passages`)).map(
      (p) => [p.id, p.tp],
    ),
  );
  const out: { day: string; tp: number; passage: number; direction: string; error: string | null }[] = [];
  for (const d of await rows<Decision>(
    db,
    sql`SELECT created_at, direction, candidates FROM routing_decisions`,
  )) {
    const day = localDay(new Date(d.created_at), s.zone);
    if (!inSpan(s, day)) continue;
    for (const c of d.candidates) {
      const tp = passageTp.get(c.passageId);
      if (tp === undefined || (c.verdict !== 'chosen' && c.verdict !== 'upstream_error')) continue;
      out.push({
        day,
        tp,
        passage: c.passageId,
        direction: d.direction,
        error: c.verdict === 'upstream_error' ? (c.detail ?? '').slice(0, 200) : null,
      });
    }
  }
  return out;
}

async function callbacks(db: Db, s: Span) {
  return (
    await rows<Callback>(
      db,
      sql`SELECT uc.at, tp.id AS third_party_id, tp.direction, uc.result, uc.reason
        FROM upstream_callbacks uc JOIN third_parties tp ON tp.code = uc.third_party_code`,
    )
  )
    .map((c) => ({ ...c, day: localDay(new Date(c.at), s.zone) }))
    .filter((c) => inSpan(s, c.day));
}

export async function rawThirdPushDays(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(
    ['day', 'third_party_id', 'passage_id', 'direction'],
    ['pushes', 'push_errors', 'callbacks', 'callbacks_refused'],
    [],
  );
  for (const p of await pushes(db, s))
    g.add(
      { day: p.day, third_party_id: p.tp, passage_id: p.passage, direction: p.direction },
      { pushes: 1, push_errors: p.error === null ? 0 : 1 },
      {},
    );
  for (const c of await callbacks(db, s))
    g.add(
      { day: c.day, third_party_id: c.third_party_id, passage_id: 0, direction: c.direction },
      { callbacks: 1, callbacks_refused: c.result === 'refused' ? 1 : 0 },
      {},
    );
  return g.rows();
}

export async function rawThirdErrorDays(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(['day', 'third_party_id', 'passage_id', 'source', 'error'], ['errors'], []);
  for (const p of await pushes(db, s))
    if (p.error !== null)
      g.add(
        { day: p.day, third_party_id: p.tp, passage_id: p.passage, source: 'placement', error: p.error },
        { errors: 1 },
        {},
      );
  for (const c of await callbacks(db, s))
    if (c.result === 'refused')
      g.add(
        {
          day: c.day,
          third_party_id: c.third_party_id,
          passage_id: 0,
          source: 'callback',
          error: (c.reason ?? '').slice(0, 200),
        },
        { errors: 1 },
        {},
      );
  return g.rows();
}

export async function rawMatchSyncDays(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(
    ['day', 'merchant_id', 'family'],
    ['callbacks', 'delivered', 'failed', 'pending', 'attempts'],
    ['amount', 'delivered_amount'],
  );
  type N = {
    created_at: Date;
    merchant_id: number;
    family: string;
    order_id: number;
    status: string;
    attempts: number;
    amount: string;
  };
  const matchOrders = new Set(
    (
      await rows<{ k: string }>(
        db,
        sql`SELECT 'deposit:' || id AS k FROM deposit_orders WHERE family = 'match'
          UNION ALL SELECT 'withdraw:' || id FROM withdraw_orders WHERE family = 'match'`,
      )
    ).map((r) => r.k),
  );
  for (const n of await rows<N>(
    db,
    sql`SELECT created_at, merchant_id, family, order_id, status, attempts, amount FROM merchant_notifications`,
  )) {
    const day = localDay(new Date(n.created_at), s.zone);
    if (!inSpan(s, day) || !matchOrders.has(`${n.family}:${n.order_id}`)) continue;
    g.add(
      { day, merchant_id: n.merchant_id, family: n.family },
      {
        callbacks: 1,
        delivered: n.status === 'delivered' ? 1 : 0,
        failed: n.status === 'failed' ? 1 : 0,
        pending: n.status === 'pending' ? 1 : 0,
        attempts: n.attempts,
      },
      { amount: n.amount, delivered_amount: n.status === 'delivered' ? n.amount : 0 },
    );
  }
  return g.rows();
}

export async function rawLevelDays(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(['day', 'merchant_id', 'from_level', 'to_level'], ['promoted', 'demoted'], []);
  type C = { at: Date; merchant_id: number; from_level: number; to_level: number };
  for (const c of await rows<C>(
    db,
    sql`SELECT at, merchant_id, from_level, to_level FROM member_level_changes`,
  )) {
    const day = localDay(new Date(c.at), s.zone);
    if (!inSpan(s, day)) continue;
    g.add(
      { day, merchant_id: c.merchant_id, from_level: c.from_level, to_level: c.to_level },
      { promoted: c.to_level > c.from_level ? 1 : 0, demoted: c.to_level < c.from_level ? 1 : 0 },
      {},
    );
  }
  return g.rows();
}

/**
 * Each member's first deposit straight from the orders: of the deposits that reached success (a
 * refunded one did too), the one that got there first; created on the day of its cohort.
 */
async function firstDeposits(db: Db, s: Span) {
  type D = {
    merchant_id: number;
    member_account: string;
    id: number;
    created_at: Date;
    finished_at: Date;
    passage_id: number | null;
    pay_type: string;
    amount: string;
  };
  const firsts = new Map<string, D>();
  for (const d of await rows<D>(
    db,
    sql`SELECT merchant_id, member_account, id, created_at, finished_at, passage_id, pay_type, amount
      FROM deposit_orders WHERE status IN ('success', 'refunded') AND member_account <> ''`,
  )) {
    const k = `${d.merchant_id}|${d.member_account}`;
    const seen = firsts.get(k);
    if (!seen || new Date(d.finished_at) < new Date(seen.finished_at)) firsts.set(k, d);
  }
  // The level then: the level left by the first change after it, or the level now if none came since.
  type M = { k: string; level: number; changes: { at: string; from_level: number }[] | null };
  const members = new Map(
    (
      await rows<M>(
        db,
        sql`SELECT m.merchant_id || '|' || m.account AS k, m.level,
          (SELECT json_agg(json_build_object('at', c.at, 'from_level', c.from_level) ORDER BY c.at)
           FROM member_level_changes c WHERE c.member_id = m.id) AS changes
        FROM members m`,
      )
    ).map((m) => [m.k, m]),
  );
  const levelAt = (k: string, at: Date) => {
    const m = members.get(k);
    if (!m) return 1;
    return (m.changes ?? []).find((c) => new Date(c.at) > at)?.from_level ?? m.level;
  };
  return [...firsts.entries()]
    .map(([k, d]) => ({
      ...d,
      key: k,
      day: localDay(new Date(d.created_at), s.zone),
      level: levelAt(k, new Date(d.finished_at)),
    }))
    .filter((f) => inSpan(s, f.day));
}

export async function rawFirstDepositCohorts(db: Db, s: Span): Promise<Row[]> {
  const backs = RETENTION_DAYS.map((n) => `back${n}`);
  const g = new Groups(['day', 'merchant_id', 'level'], ['members', ...backs], ['amount']);
  type D = { merchant_id: number; member_account: string; created_at: Date };
  const successDays = new Map<string, string[]>();
  for (const d of await rows<D>(
    db,
    sql`SELECT merchant_id, member_account, created_at FROM deposit_orders WHERE status = 'success'`,
  )) {
    const k = `${d.merchant_id}|${d.member_account}`;
    successDays.set(k, [...(successDays.get(k) ?? []), localDay(new Date(d.created_at), s.zone)]);
  }
  for (const f of await firstDeposits(db, s)) {
    const later = (successDays.get(f.key) ?? [])
      .map((d) => dayDiff(d, f.day))
      .filter((k) => k >= 1 && k <= 30);
    const next = later.length ? Math.min(...later) : Number.POSITIVE_INFINITY;
    g.add(
      { day: f.day, merchant_id: f.merchant_id, level: f.level },
      { members: 1, ...Object.fromEntries(RETENTION_DAYS.map((n) => [`back${n}`, next <= n ? 1 : 0])) },
      { amount: f.amount },
    );
  }
  return g.rows();
}

export async function rawFirstDepositChannels(db: Db, s: Span): Promise<Row[]> {
  const g = new Groups(['day', 'merchant_id', 'passage_id', 'pay_type'], ['first_deposits'], ['amount']);
  for (const f of await firstDeposits(db, s))
    g.add(
      { day: f.day, merchant_id: f.merchant_id, passage_id: f.passage_id ?? 0, pay_type: f.pay_type },
      { first_deposits: 1 },
      { amount: f.amount },
    );
  return g.rows();
}

/** Snake-case rollup rows as the report's read rollup names their keys and measures (camelCase). */
const camel = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]),
  );

async function mchNos(db: Db): Promise<Map<number, string>> {
  const list = await rows<{ id: number; mch_no: string }>(db, sql`SELECT id, mch_no FROM merchants`);
  return new Map(list.map((m) => [m.id, m.mch_no]));
}

/** The finance platform's order rollup's figures, per order, from the order tables themselves. */
async function rawOrderRows(db: Db, s: Span): Promise<Row[]> {
  type O = {
    direction: string;
    family: string;
    merchant_id: number;
    passage_id: number | null;
    third_party_id: number | null;
    pay_type: string;
    amount: string;
    fee: string;
    status: string;
    created_at: Date;
    secs: string;
  };
  const table = (name: string, direction: string, family: string, payType: string) => sql`
    SELECT ${direction}::text AS direction, ${sql.raw(family)} AS family, merchant_id, passage_id, third_party_id,
      ${sql.raw(payType)} AS pay_type, amount, fee, status, created_at,
      extract(epoch FROM coalesce(finished_at, updated_at) - created_at)::text AS secs
    FROM ${sql.identifier(name)}`;
  const list = await rows<O>(
    db,
    sql`${table('deposit_orders', 'deposit', 'family', 'pay_type')}
      UNION ALL ${table('withdraw_orders', 'withdraw', 'family', 'pay_type')}
      UNION ALL ${table('usdt_deposit_orders', 'deposit', `'usdt'`, `'usdt'`)}
      UNION ALL ${table('usdt_withdraw_orders', 'withdraw', `'usdt'`, `'usdt'`)}`,
  );
  return list
    .map((o) => {
      const ok = o.status === 'success';
      return {
        day: localDay(new Date(o.created_at), s.zone),
        direction: o.direction,
        family: o.family,
        merchantId: o.merchant_id,
        passageId: o.passage_id ?? 0,
        thirdPartyId: o.third_party_id ?? 0,
        payType: o.pay_type,
        bucket: String(timeBucketOf(Number(o.secs))),
        orderCount: 1,
        orderAmount: o.amount,
        successCount: ok ? 1 : 0,
        successAmount: ok ? o.amount : '0',
        successFee: ok ? o.fee : '0',
        orders: ok ? 1 : 0,
      } as Row;
    })
    .filter((r) => inSpan(s, String(r.day)));
}

/**
 * Each operations report's rows at its read rollup's grain, straight from the raw records (the
 * rollup-grain functions above, or the orders themselves), keyed as the report's dimensions and
 * measures name them.
 */
export async function rawReportRows(db: Db, rollup: string, s: Span): Promise<Row[]> {
  const mch = await mchNos(db);
  switch (rollup) {
    case 'match_day':
      return (await rawMatchDays(db, s)).map(camel);
    case 'match_wait':
      return (await rawMatchWaitDays(db, s)).map(camel).map((r) => ({
        ...r,
        withdrawMerchantId: r.merchantId!,
        bucket: String(r.bucket),
      }));
    case 'third_push':
      return (await rawThirdPushDays(db, s)).map(camel);
    case 'third_error':
      return (await rawThirdErrorDays(db, s)).map(camel);
    case 'match_sync':
      return (await rawMatchSyncDays(db, s))
        .map(camel)
        .map((r) => ({ ...r, mchNo: mch.get(Number(r.merchantId))! }));
    case 'level_day':
      return (await rawLevelDays(db, s)).map(camel).map((r) => ({
        ...r,
        mchNo: mch.get(Number(r.merchantId))!,
        fromLevel: String(r.fromLevel),
        toLevel: String(r.toLevel),
      }));
    case 'first_deposit_cohort':
      return (await rawFirstDepositCohorts(db, s)).map(camel).map((r) => ({ ...r, level: String(r.level) }));
    case 'first_deposit_channel':
      return (await rawFirstDepositChannels(db, s)).map(camel);
    case 'order_day':
    case 'pay_time':
      return rawOrderRows(db, s);
    default:
      throw new Error(`no raw rows for ${rollup}`);
  }
}
