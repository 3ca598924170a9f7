/**
 * Importing a statement: `stageStatement` checks everything an operator can get wrong before a row is
 * written (the mapping, duplicates, every line of the file) and records the statement as `importing`;
 * `importStatement` then writes its lines in batches and classifies them, all in ONE transaction (the
 * progress counter is written beside it, so the page can show it), and finishes the statement, or
 * marks it failed with nothing of it kept. Lines are classified in SQL against our orders of the same
 * third party by upstream order number; our orders of the day the statement lacks become `only_here`.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  DEPOSIT_STATES,
  type Locale,
  mappingOf,
  type ReconStatus,
  reconciliationPage,
  SANDBOX_STATEMENT_MAPPING,
  type StatementMapping,
  WITHDRAW_STATES,
} from '@payops/contracts';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/accounts.ts';
import { type Actor, runSystemTransition } from '../../platform/transitions/index.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { interfaceTypes } from '../payManage/schema.ts';
import { type StatementLine, statementLines } from './recon-lines.ts';
import type { StatementFormat } from './recon-parse.ts';
import { type ReconStatement, reconStatements } from './reconciliation.schema.ts';

const say = {
  'zh-CN': {
    party: '三方不存在',
    noMapping: (t: string) => `接口类型 ${t} 未配置对账单列映射（支付管理 > 接口类型）`,
    sameFile: (id: number, day: string) => `该文件已导入过（对账单 #${id}，${day}）`,
    sameDay: (id: number) => `该三方当日已有对账单（#${id}），不能重复导入`,
    failed: '导入中断，未导入任何行，请重新上传',
  },
  'en-US': {
    party: 'no such third party',
    noMapping: (t: string) =>
      `interface type ${t} has no statement column mapping (Pay management > Interface types)`,
    sameFile: (id: number, day: string) => `this file was imported already (statement #${id}, ${day})`,
    sameDay: (id: number) => `this third party's day has a statement already (#${id})`,
    failed: 'the import was interrupted and nothing of it kept: upload it again',
  },
} as const;

/** Our order states as the statement's words mean them: did the money arrive (or leave)? */
const OUR_STATUS: Record<'deposit' | 'withdraw', Record<string, ReconStatus>> = {
  deposit: Object.fromEntries(
    DEPOSIT_STATES.map((s) => [
      s,
      ['paid', 'in_audit', 'success', 'refunded'].includes(s)
        ? 'success'
        : ['failed', 'timeout', 'cancelled'].includes(s)
          ? 'failed'
          : 'pending',
    ]),
  ),
  withdraw: Object.fromEntries(
    WITHDRAW_STATES.map((s) => [
      s,
      s === 'success' ? 'success' : ['failed', 'rejected', 'cancelled'].includes(s) ? 'failed' : 'pending',
    ]),
  ),
};

/** `CASE family/state WHEN ... THEN ...` over a row with `order_family` and `order_state`. */
function ourStatusSql(family: string, state: string) {
  const whens = Object.entries(OUR_STATUS).flatMap(([f, map]) =>
    Object.entries(map).map(([s, v]) => `WHEN ${family} = '${f}' AND ${state} = '${s}' THEN '${v}'`),
  );
  return sql.raw(`CASE ${whens.join(' ')} ELSE 'pending' END`);
}

export interface StageInput {
  thirdPartyId: number;
  day: string;
  source: 'upload' | 'fetch';
  fileName: string;
  path: string;
  format: StatementFormat;
  actor: Actor;
}

async function fileHash(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** The third party's statement mapping: its interface type's, or the sandbox's built-in one. */
export async function mappingFor(ctx: AppContext, thirdPartyId: number, locale: Locale) {
  const [tp] = await ctx.db
    .select({ interfaceType: thirdParties.interfaceType, type: interfaceTypes })
    .from(thirdParties)
    .leftJoin(interfaceTypes, eq(interfaceTypes.code, thirdParties.interfaceType))
    .where(eq(thirdParties.id, thirdPartyId));
  if (!tp) throw fieldError('thirdPartyId', say[locale].party);
  const m =
    (tp.type && mappingOf(tp.type)) ?? (tp.interfaceType === 'sandbox' ? SANDBOX_STATEMENT_MAPPING : null);
  if (!m) throw fieldError('thirdPartyId', say[locale].noMapping(tp.interfaceType));
  return m;
}

async function refuseDuplicate(ctx: AppContext, input: StageInput, hash: string, locale: Locale) {
  const [dup] = await ctx.db
    .select({ id: reconStatements.id, day: reconStatements.day, fileHash: reconStatements.fileHash })
    .from(reconStatements)
    .where(
      and(
        ne(reconStatements.status, 'failed'),
        or(
          eq(reconStatements.fileHash, hash),
          and(eq(reconStatements.thirdPartyId, input.thirdPartyId), eq(reconStatements.day, input.day)),
        ),
      ),
    )
    .limit(1);
  if (!dup) return;
  throw fieldError(
    'file',
    dup.fileHash === hash ? say[locale].sameFile(dup.id, dup.day) : say[locale].sameDay(dup.id),
  );
}

/** An import makes progress every few seconds; one silent this long died with its server. */
const STALE_MS = 10 * 60_000;

/**
 * Statements left `importing` by a server that stopped mid-import (their transaction rolled back, no
 * line kept) are marked failed, so their day and file may be uploaded again.
 */
async function failStale(ctx: AppContext, actor: Actor) {
  const stale = await ctx.db
    .select({ id: reconStatements.id })
    .from(reconStatements)
    .where(
      and(
        eq(reconStatements.status, 'importing'),
        lt(reconStatements.updatedAt, new Date(ctx.clock.nowMs() - STALE_MS)),
      ),
    );
  for (const { id } of stale)
    await runSystemTransition(ctx, reconciliationPage, 'fail', id, {
      actor,
      values: { error: say[actor.locale].failed },
    }).catch(() => {}); // finished meanwhile
}

/**
 * Checks the file and records the statement (`importing`); throws a 400 naming the problem, with
 * nothing written, when anything is wrong. Returns the statement and its mapping for the import.
 */
export async function stageStatement(ctx: AppContext, input: StageInput) {
  const locale = input.actor.locale;
  const mapping = await mappingFor(ctx, input.thirdPartyId, locale);
  const hash = await fileHash(input.path);
  await failStale(ctx, input.actor);
  await refuseDuplicate(ctx, input, hash, locale);
  let total = 0;
  for await (const _ of statementLines(input.path, input.format, mapping, locale)) total++;
  const [statement] = await ctx.db
    .insert(reconStatements)
    .values({
      thirdPartyId: input.thirdPartyId,
      day: input.day,
      source: input.source,
      fileName: input.fileName,
      fileHash: hash,
      linesTotal: total,
      createdBy: input.actor.operatorId,
      createdByName: input.actor.username,
      // Both on the app's clock, which the stale check reads (not the database's now()).
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  // A parallel upload of the same day or file won the unique index meanwhile.
  if (!statement) {
    await refuseDuplicate(ctx, input, hash, locale);
    throw fieldError('file', say[locale].sameDay(0));
  }
  return { statement, mapping };
}

const BATCH = 5000;

/**
 * One batch as ONE statement of seven array parameters (unnest): a multi-row VALUES would bind
 * seven parameters per line and be planned anew per batch size.
 */
async function insertBatch(tx: Tx, statementId: number, batch: StatementLine[]) {
  const col = <K extends keyof StatementLine>(k: K) => sql.param(batch.map((l) => l[k]));
  await tx.execute(sql`
    INSERT INTO recon_lines (statement_id, line_no, category, resolution, upstream_order_no,
                             upstream_amount, upstream_status, upstream_fee, upstream_date)
    SELECT ${statementId}, u.line_no, 'only_upstream', 'open', u.no, u.amount, u.status, u.fee, u.day
      FROM unnest(${col('line')}::int[], ${col('upstreamOrderNo')}::text[], ${col('amount')}::numeric[],
                  ${col('status')}::text[], ${col('fee')}::numeric[], ${col('date')}::text[])
           AS u(line_no, no, amount, status, fee, day)`);
}

/** Matches the statement's lines with our orders and adds ours it lacks (the day in the platform's zone). */
async function classify(ctx: AppContext, tx: Tx, s: ReconStatement) {
  const zone = ctx.config.timeZone;
  const ours = sql`(
    SELECT 'deposit' AS family, id, order_no, amount, channel_fee, status, upstream_order_no, passage_id,
           created_at
      FROM deposit_orders WHERE third_party_id = ${s.thirdPartyId} AND upstream_order_no IS NOT NULL
    UNION ALL
    SELECT 'withdraw', id, order_no, amount, channel_fee, status, upstream_order_no, passage_id, created_at
      FROM withdraw_orders WHERE third_party_id = ${s.thirdPartyId} AND upstream_order_no IS NOT NULL)`;
  // A provider charges for what it did: its fee is compared on the successes it lists with one, to
  // the order's channel cost (a statement without a fee column compares none).
  const feeDiffers = sql`(l.upstream_fee IS NOT NULL AND o.our_status = 'success' AND l.upstream_fee <> o.channel_fee)`;
  // Lines are inserted as only_upstream/open: only those with an order of ours are rewritten (a
  // 100k-line statement of unknown orders is not updated at all).
  await tx.execute(sql`
    UPDATE recon_lines l SET order_family = o.family, order_id = o.id, order_no = o.order_no,
           our_amount = o.amount, our_fee = o.channel_fee, order_state = o.status, our_status = o.our_status,
           category = CASE WHEN l.upstream_amount <> o.amount THEN 'amount_differs'
                           WHEN l.upstream_status <> o.our_status THEN 'status_differs'
                           WHEN ${feeDiffers} THEN 'fee_differs'
                           ELSE 'matched' END,
           resolution = CASE WHEN l.upstream_amount = o.amount AND l.upstream_status = o.our_status
                                  AND NOT ${feeDiffers}
                             THEN 'none' ELSE 'open' END
      FROM (SELECT *, ${ourStatusSql('family', 'status')} AS our_status FROM ${ours} x) o
     WHERE l.statement_id = ${s.id} AND o.upstream_order_no = l.upstream_order_no`);
  // Ours of the day the upstream does not list (the passages' index narrows to the third party's).
  await tx.execute(sql`
    INSERT INTO recon_lines (statement_id, category, resolution, upstream_order_no, order_family,
                             order_id, order_no, our_amount, our_fee, order_state, our_status)
    SELECT ${s.id}, 'only_here', 'open', o.upstream_order_no, o.family, o.id, o.order_no, o.amount,
           o.channel_fee, o.status, ${ourStatusSql('o.family', 'o.status')}
      FROM ${ours} o
     WHERE o.passage_id IN (SELECT id FROM passages WHERE third_party_id = ${s.thirdPartyId})
       AND o.created_at >= (${s.day}::date::timestamp AT TIME ZONE ${zone})
       AND o.created_at < ((${s.day}::date + 1)::timestamp AT TIME ZONE ${zone})
       AND NOT EXISTS (SELECT 1 FROM recon_lines l
                        WHERE l.statement_id = ${s.id} AND l.upstream_order_no = o.upstream_order_no)`);
  const [c] = (
    await tx.execute<Record<string, number>>(sql`
    SELECT count(*) FILTER (WHERE category = 'matched')::int AS matched,
           count(*) FILTER (WHERE category = 'amount_differs')::int AS "amountDiffers",
           count(*) FILTER (WHERE category = 'status_differs')::int AS "statusDiffers",
           count(*) FILTER (WHERE category = 'fee_differs')::int AS "feeDiffers",
           count(*) FILTER (WHERE category = 'only_upstream')::int AS "onlyUpstream",
           count(*) FILTER (WHERE category = 'only_here')::int AS "onlyHere",
           count(*) FILTER (WHERE resolution = 'open')::int AS "openLines"
      FROM recon_lines WHERE statement_id = ${s.id}`)
  ).rows;
  return c!;
}

/**
 * Writes and classifies the staged statement's lines and finishes it, in one transaction; on any
 * failure the statement is marked failed, none of its lines remain, and the error is thrown on.
 */
export async function importStatement(
  ctx: AppContext,
  s: ReconStatement,
  mapping: StatementMapping,
  file: { path: string; format: StatementFormat },
  actor: Actor,
): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      let batch: StatementLine[] = [];
      let done = 0;
      for await (const line of statementLines(file.path, file.format, mapping, actor.locale)) {
        batch.push(line);
        if (batch.length < BATCH) continue;
        await insertBatch(tx, s.id, batch);
        done += batch.length;
        batch = [];
        // Progress, outside the transaction so the page sees it now.
        await ctx.db
          .update(reconStatements)
          .set({ processed: done, updatedAt: ctx.clock.now() })
          .where(eq(reconStatements.id, s.id));
      }
      if (batch.length) await insertBatch(tx, s.id, batch);
      const counts = await classify(ctx, tx, s);
      await runSystemTransition(ctx, reconciliationPage, 'finish', s.id, {
        tx,
        actor,
        values: { ...counts, processed: s.linesTotal },
      });
    });
  } catch (e) {
    // The operator reads why in their words; the cause goes to the log (the caller's catch).
    await runSystemTransition(ctx, reconciliationPage, 'fail', s.id, {
      actor,
      values: { error: say[actor.locale].failed },
    }).catch(() => {});
    throw e;
  } finally {
    await rm(file.path, { force: true });
  }
}
