/**
 * What the sandbox provider does with an order: answer the create call (`create`), then call back
 * (`outcome`) after `delayMs`, `duplicates` more times (in parallel when `concurrent`). Set by its
 * control endpoint per account or per order (the order's wins); tests and the demo use it.
 *
 *   create: ok | error (HTTP 503) | refuse (code 1, a business refusal) | timeout (answers after holdMs)
 *   outcome: success | fail | hold (no callback until POST /sandbox/upstream/notify)
 *   reportAmount, reportStatus: what its statement says of the order (a statement that disagrees)
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { NamedStatement } from '../../../db/named-statement.ts';
import type { AppContext } from '../../../platform/context.ts';
import { sandboxInstructions } from '../schema.ts';

export const instructionSchema = z.object({
  create: z.enum(['ok', 'error', 'refuse', 'timeout']).default('ok'),
  outcome: z.enum(['success', 'fail', 'hold']).default('success'),
  delayMs: z.number().int().min(0).max(600_000).default(1000),
  holdMs: z.number().int().min(0).max(120_000).default(15_000),
  duplicates: z.number().int().min(0).max(10).default(0),
  concurrent: z.boolean().default(false),
  failReason: z.string().max(200).default('sandbox: payment declined'),
  // How the order appears in the sandbox's statement (statement.ts): another amount or status.
  reportAmount: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,8})?$/)
    .optional(),
  reportStatus: z.enum(['pending', 'paid', 'failed']).optional(),
});

export type Instruction = z.infer<typeof instructionSchema>;

export const DEFAULT_INSTRUCTION: Instruction = instructionSchema.parse({});

export const keyOf = {
  account: (mchNo: string) => `mch:${mchNo}`,
  order: (mchNo: string, orderNo: string) => `order:${mchNo}:${orderNo}`,
};

/** The order's and the account's instructions, read on every call: built once and prepared by name. */
let instructionsOf: NamedStatement | undefined;

export async function instructionFor(ctx: AppContext, mchNo: string, orderNo: string): Promise<Instruction> {
  const order = keyOf.order(mchNo, orderNo);
  const fields = { key: sandboxInstructions.key, instruction: sandboxInstructions.instruction };
  instructionsOf ??= new NamedStatement(
    'sandbox_instructions_of',
    ctx.db
      .select(fields)
      .from(sandboxInstructions)
      .where(inArray(sandboxInstructions.key, [sql.placeholder('order'), sql.placeholder('account')])),
    fields,
  );
  const rows = await instructionsOf.rows(ctx.pool, { order, account: keyOf.account(mchNo) });
  const found = rows.find((r) => r.key === order) ?? rows[0];
  return found ? instructionSchema.parse(found.instruction) : DEFAULT_INSTRUCTION;
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
