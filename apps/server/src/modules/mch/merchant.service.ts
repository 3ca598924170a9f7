/**
 * Merchants: creation (merchant number and signing secret made here; the secret is sealed at rest and
 * shown once), secret reset, and the checks of an add/edit body that a schema alone cannot express.
 * Status changes are the lifecycle's transitions (contracts mchList, platform/transitions).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ErrorCode, type Locale, PAY_TYPE_LABELS } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row, Tx } from '../../platform/crud/index.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { balancesOf, dec, ensureAccount } from '../../platform/ledger/index.ts';
import { seal } from '../../platform/secret-box.ts';
import { type FeeRate, merchants } from './schema.ts';

export type Merchant = typeof merchants.$inferSelect;

/** A new signing secret: 256 random bits; its hint shows only the last four characters. */
export function newSecret(key: Buffer) {
  const secret = randomBytes(32).toString('base64url');
  return { secret, secretEnc: seal(key, secret), secretHint: `******${secret.slice(-4)}` };
}

const newMchNo = () => `M${randomInt(10_000_000, 100_000_000)}`;

const text = {
  feeRates: {
    'zh-CN': '须为 [{"payType","direction","rate"}] 列表，费率在0到1之间，不可重复',
    'en-US': 'must be a list of {"payType","direction","rate"}, rates 0 to 1, no repeats',
  },
  limits: { 'zh-CN': '单笔最高不能小于单笔最低', 'en-US': 'must not be below the single minimum' },
  agent: { 'zh-CN': '上级代理须为另一个已有商户', 'en-US': 'must be another existing merchant' },
} as const;

function checkFeeRates(value: unknown, locale: Locale): FeeRate[] {
  const bad = () => fieldError('feeRates', text.feeRates[locale]);
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || value.length > 40) throw bad();
  const seen = new Set<string>();
  return value.map((v) => {
    const r = v as Partial<FeeRate>;
    const ok =
      typeof r === 'object' &&
      r !== null &&
      typeof r.payType === 'string' &&
      r.payType in PAY_TYPE_LABELS &&
      (r.direction === 'deposit' || r.direction === 'withdraw') &&
      typeof r.rate === 'string' &&
      /^\d(\.\d{1,6})?$/.test(r.rate) &&
      dec(r.rate).lte(dec('1')) &&
      !seen.has(`${r.payType}/${r.direction}`);
    if (!ok) throw bad();
    seen.add(`${r.payType}/${r.direction}`);
    return { payType: r.payType!, direction: r.direction!, rate: r.rate! };
  });
}

/** The checks of an add or edit body (the registrar's beforeWrite hook, and our own add). */
export async function checkMerchantValues(
  tx: Tx,
  values: Row,
  locale: Locale,
  selfId?: number,
): Promise<Row> {
  const out = { ...values };
  if ('feeRates' in out) out.feeRates = checkFeeRates(out.feeRates, locale);
  const min = out.singleMin as string | undefined;
  const max = out.singleMax as string | undefined;
  if (min && max && dec(max).gt(dec('0')) && dec(max).lt(dec(min)))
    throw fieldError('singleMax', text.limits[locale]);
  const agentId = out.agentId as number | null | undefined;
  if (agentId !== undefined && agentId !== null) {
    const [agent] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, agentId));
    if (!agent || agentId === selfId) throw fieldError('agentId', text.agent[locale]);
  }
  return out;
}

export async function createMerchant(
  ctx: AppContext,
  tx: Tx,
  values: Row,
  operatorId: number | null,
): Promise<{ merchant: Merchant; secret: string }> {
  const { secret, secretEnc, secretHint } = newSecret(ctx.keys.secretKey);
  const now = ctx.clock.now();
  for (let attempt = 0; ; attempt++) {
    const mchNo = newMchNo();
    const [merchant] = await tx
      .insert(merchants)
      .values({
        ...(values as object),
        name: String(values.name),
        mchNo,
        secretEnc,
        secretHint,
        createdBy: operatorId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: merchants.mchNo })
      .returning();
    if (merchant) {
      await ensureAccount(tx, {
        ownerType: 'merchant',
        ownerId: merchant.id,
        ownerCode: mchNo,
        merchantId: merchant.id,
      });
      return { merchant, secret };
    }
    if (attempt >= 5) throw new AppError(ErrorCode.conflict);
  }
}

export async function resetSecret(
  ctx: AppContext,
  tx: Tx,
  id: number,
): Promise<{ mchNo: string; secret: string }> {
  const { secret, secretEnc, secretHint } = newSecret(ctx.keys.secretKey);
  const [row] = await tx
    .update(merchants)
    .set({ secretEnc, secretHint, updatedAt: ctx.clock.now() })
    .where(eq(merchants.id, id))
    .returning({ mchNo: merchants.mchNo });
  if (!row) throw new AppError(ErrorCode.notFound);
  return { mchNo: row.mchNo, secret };
}

/** The list's virtual fields: ledger balances. */
export async function enrichMerchants(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  const balances = await balancesOf(
    ctx.db,
    'merchant',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const b = balances.get(Number(r.id));
    return { ...r, available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
  });
}
