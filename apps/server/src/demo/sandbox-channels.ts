/**
 * Sandbox channels for the demo (and the upstream tests): third parties of interface type `sandbox`
 * (the provider built into this server, base URL empty = "this server"), a deposit passage per pay
 * type and a payout passage each, and every merchant that routes by its own passage list allowed on
 * them, so a demo merchant's deposit reaches the sandbox over HTTP. Idempotent by third-party code.
 */
import { PAY_TYPE_LABELS } from '@payops/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { merchantPassages, PAY_TYPES, passages, thirdParties } from '../modules/mch/passage.schema.ts';
import { merchants } from '../modules/mch/schema.ts';
import { seal } from '../platform/secret-box.ts';

export interface SandboxParty {
  code: string;
  name: string;
  /** The platform's account at the sandbox. */
  mchNo: string;
  secret: string;
}

export const DEMO_SANDBOX_PARTIES: readonly SandboxParty[] = [
  { code: 'SANDBOX_A', name: '沙箱支付A', mchNo: 'SBXA0001', secret: 'sandbox-demo-secret-a' },
  { code: 'SANDBOX_B', name: '沙箱支付B', mchNo: 'SBXB0001', secret: 'sandbox-demo-secret-b' },
];

/** A sandbox third party (created once by code), its id. */
/** A third party the sandbox plays (a provider, or with `sandbox-market` a P2P market: modules/trade). */
export async function ensureSandboxParty(
  db: Db,
  secretKey: Buffer,
  p: SandboxParty,
  interfaceType = 'sandbox',
): Promise<number> {
  const [row] = await db
    .insert(thirdParties)
    .values({
      code: p.code,
      name: p.name,
      interfaceType,
      baseUrl: '',
      upstreamMchNo: p.mchNo,
      secretEnc: seal(secretKey, p.secret),
      secretHint: `******${p.secret.slice(-4)}`,
    })
    .onConflictDoNothing({ target: thirdParties.code })
    .returning({ id: thirdParties.id });
  if (row) return row.id;
  const [found] = await db
    .select({ id: thirdParties.id })
    .from(thirdParties)
    .where(eq(thirdParties.code, p.code));
  return found!.id;
}

/** The demo's own sandbox providers and their passages (every pay type), with secrets it knows. */
async function makeSandboxParties(db: Db, secretKey: Buffer): Promise<number> {
  let made = 0;
  for (const [i, party] of DEMO_SANDBOX_PARTIES.entries()) {
    const id = await ensureSandboxParty(db, secretKey, party);
    const rows = await db
      .insert(passages)
      .values([
        ...PAY_TYPES.map((payType) => ({
          thirdPartyId: id,
          name: `${party.name}-${PAY_TYPE_LABELS[payType][0]}-收`,
          payType,
          direction: 'deposit' as const,
          rate: '0.006',
          singleMin: '10',
          singleMax: '50000',
          dailyLimit: '5000000',
          weight: 5 - i,
        })),
        {
          thirdPartyId: id,
          name: `${party.name}-代付`,
          payType: 'bank_card' as const,
          direction: 'withdraw' as const,
          rate: '0.003',
          singleMin: '10',
          singleMax: '50000',
          dailyLimit: '5000000',
          weight: 5 - i,
        },
      ])
      .returning({ id: passages.id });
    made += rows.length;
  }
  return made;
}

/**
 * Makes the demo route to the sandbox: the demo's own sandbox providers and passages (once),
 * then every merchant allowed on every sandbox passage at its own rate (a merchant with a passage
 * list of its own is routed only to those). Idempotent: run after the demo platform is generated.
 */
export async function seedSandboxChannels(
  db: Db,
  secretKey: Buffer,
): Promise<{ passages: number; allowed: number }> {
  const [has] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(thirdParties)
    .where(
      inArray(
        thirdParties.code,
        DEMO_SANDBOX_PARTIES.map((p) => p.code),
      ),
    );
  const made = has!.n > 0 ? 0 : await makeSandboxParties(db, secretKey);
  const allowed = await db.execute(sql`
    INSERT INTO ${merchantPassages} (merchant_id, passage_id, direction, pay_type, rate, weight)
    SELECT m.id, p.id, p.direction, p.pay_type,
      -- The merchant's own rate for the pay type (order/create.ts merchantRate): the fee stays as it was.
      CASE p.direction WHEN 'deposit' THEN COALESCE(
        (SELECT (fr->>'rate')::numeric FROM jsonb_array_elements(m.fee_rates) fr
          WHERE fr->>'payType' = p.pay_type AND fr->>'direction' = 'deposit'),
        m.deposit_rate) ELSE 0 END,
      p.weight
    FROM ${merchants} m
    CROSS JOIN ${passages} p
    JOIN ${thirdParties} tp ON tp.id = p.third_party_id AND tp.interface_type = 'sandbox'
    ON CONFLICT DO NOTHING`);
  return { passages: made, allowed: allowed.rowCount ?? 0 };
}
