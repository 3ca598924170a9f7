/** Rules of the USDT address pool: address formats, assignment consistency, bulk import. */
import { ADDRESS_PATTERNS, compareDecimal, type Locale, type UsdtNetwork } from '@payops/contracts';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row } from '../../platform/crud/index.ts';
import { fieldError } from '../../platform/errors.ts';
import { addrPool } from './addr-pool.schema.ts';

const patterns = Object.fromEntries(
  Object.entries(ADDRESS_PATTERNS).map(([n, p]) => [n, new RegExp(`^(?:${p})$`)]),
) as Record<UsdtNetwork, RegExp>;

const text = {
  notAddress: {
    'zh-CN': (n: string) => `不是有效的${n}地址`,
    'en-US': (n: string) => `is not a ${n} address`,
  },
  assignee: { 'zh-CN': '已分配的地址须填写分配对象', 'en-US': 'is required for an assigned address' },
  busy: {
    'zh-CN': (a: string) => `地址 ${a} 已分配或仍有余额，不能删除`,
    'en-US': (a: string) => `address ${a} is assigned or holds a balance`,
  },
} as const;

export function addressProblem(
  network: UsdtNetwork,
  address: string,
  locale: Locale = 'zh-CN',
): string | null {
  return patterns[network].test(address) ? null : text.notAddress[locale](network);
}

/** An address must match its network; an assigned address names its assignee, a free one none. */
export function checkPoolValues(values: Row, before: Row | undefined, locale: Locale): void {
  const network = (values.network ?? before?.network) as UsdtNetwork;
  if (typeof values.address === 'string') {
    const problem = addressProblem(network, values.address, locale);
    if (problem) throw fieldError('address', problem);
  }
  const status = values.status ?? before?.status ?? 'free';
  const assignee = 'assignee' in values ? values.assignee : before?.assignee;
  if (status === 'assigned' && !assignee) throw fieldError('assignee', text.assignee[locale]);
  if (status === 'free' && assignee) values.assignee = null;
}

/** Only a free, empty address leaves the pool: one holding funds or assigned stays for the ledger. */
export function checkRemovable(rows: Row[], locale: Locale): void {
  const busy = rows.find((r) => r.status !== 'free' || compareDecimal(String(r.balance), '0') !== 0);
  if (busy) throw fieldError('ids', text.busy[locale](String(busy.address)));
}

export interface ImportResult {
  imported: number;
  errors: { line: number; value: string; reason: 'format' | 'duplicate' | 'exists' }[];
}

export const IMPORT_MAX_LINES = 5000;

/** One address per line; bad lines are reported with their number and the good ones imported. */
export async function importAddresses(
  ctx: AppContext,
  network: UsdtNetwork,
  text: string,
): Promise<ImportResult> {
  const errors: ImportResult['errors'] = [];
  const wanted = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const value = raw.trim();
    if (!value) return;
    if (addressProblem(network, value)) errors.push({ line: i + 1, value, reason: 'format' });
    else if (wanted.has(value)) errors.push({ line: i + 1, value, reason: 'duplicate' });
    else wanted.set(value, i + 1);
  });
  if (wanted.size === 0) return { imported: 0, errors };
  const now = ctx.clock.now();
  const inserted = await ctx.db
    .insert(addrPool)
    .values([...wanted.keys()].map((address) => ({ address, network, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: addrPool.address })
    .returning({ address: addrPool.address });
  const added = new Set(inserted.map((r) => r.address));
  const existing = [...wanted.entries()].filter(([a]) => !added.has(a));
  if (existing.length) {
    const rows = await ctx.db
      .select({ address: addrPool.address })
      .from(addrPool)
      .where(
        inArray(
          addrPool.address,
          existing.map(([a]) => a),
        ),
      );
    const known = new Set(rows.map((r) => r.address));
    for (const [value, line] of existing)
      if (known.has(value)) errors.push({ line, value, reason: 'exists' });
  }
  errors.sort((a, b) => a.line - b.line);
  return { imported: inserted.length, errors };
}
