/**
 * What the sandbox provider does with an order: answer the create call (`create`), then call back
 * (`outcome`) after `delayMs`, `duplicates` more times (in parallel when `concurrent`). Set by its
 * control endpoint per account or per order (the order's wins); tests and the demo use it.
 *
 *   create: ok | error (HTTP 503) | refuse (code 1, a business refusal) | timeout (answers after holdMs)
 *   outcome: success | fail | hold (no callback until POST /sandbox/upstream/notify)
 *   reportAmount, reportStatus, reportFee: what its statement says of the order (a statement that
 *   disagrees; it states a fee only when told one)
 *   fundsChecked: refuse a payout the account's balance cannot cover ('sandbox: insufficient balance')
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { namedSql } from '../../../db/named-statement.ts';
import type { AppContext } from '../../../platform/context.ts';
import { sandboxInstructions } from '../schema.ts';

export const instructionSchema = z.object({
  create: z.enum(['ok', 'error', 'refuse', 'timeout']).default('ok'),
  outcome: z.enum(['success', 'fail', 'hold']).default('success'),
  delayMs: z.number().int().min(0).max(600_000).default(1000),
  holdMs: z.number().int().min(0).max(120_000).default(15_000),
  duplicates: z.number().int().min(0).max(10).default(0),
  concurrent: z.boolean().default(false),
  // A payout the account's balance (less its payouts in flight) cannot cover is refused at create,
  // as a provider short of funds would; off, the sandbox pays out whatever it is asked.
  fundsChecked: z.boolean().default(false),
  failReason: z.string().max(200).default('sandbox: payment declined'),
  // How the order appears in the sandbox's statement (statement.ts): another amount or status.
  reportAmount: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,8})?$/)
    .optional(),
  reportStatus: z.enum(['pending', 'paid', 'failed']).optional(),
  reportFee: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,8})?$/)
    .optional(),
});

export type Instruction = z.infer<typeof instructionSchema>;

export const DEFAULT_INSTRUCTION: Instruction = instructionSchema.parse({});

export const keyOf = {
  account: (mchNo: string) => `mch:${mchNo}`,
  order: (mchNo: string, orderNo: string) => `order:${mchNo}:${orderNo}`,
};

/**
 * The instruction in force for an order (its own, else its account's; NULL: none) as a scalar
 * subquery of the two keys (keyOf's), for statements that read it with other things (routes.ts
 * `verified`: with the account's secret).
 */
export function instructionSql(orderKey: SQL, accountKey: SQL): SQL {
  return sql`(SELECT instruction FROM sandbox_instructions
    WHERE key IN (${orderKey}::text, ${accountKey}::text) ORDER BY key = ${orderKey}::text DESC LIMIT 1)`;
}

/** An instruction as read (instructionSql's value), or the default when there is none. */
export const instructionOf = (raw: unknown): Instruction =>
  raw == null ? DEFAULT_INSTRUCTION : instructionSchema.parse(raw);

/** The order's instruction on its own: built once and prepared by name. */
const instructionStatement = namedSql(
  'sandbox_instruction_of',
  sql`SELECT ${instructionSql(sql`${sql.placeholder('order')}`, sql`${sql.placeholder('account')}`)} AS instruction`,
  { instruction: sql<unknown>`instruction` },
);

export async function instructionFor(ctx: AppContext, mchNo: string, orderNo: string): Promise<Instruction> {
  const keys = { order: keyOf.order(mchNo, orderNo), account: keyOf.account(mchNo) };
  const [row] = await instructionStatement.rows(ctx.pool, keys);
  return instructionOf(row?.instruction);
}

export async function setInstruction(ctx: AppContext, key: string, instruction: Instruction): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(sandboxInstructions)
    .values({ key, instruction, updatedAt: now })
    .onConflictDoUpdate({ target: sandboxInstructions.key, set: { instruction, updatedAt: now } });
}

export async function clearInstruction(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(sandboxInstructions).where(eq(sandboxInstructions.key, key));
}
