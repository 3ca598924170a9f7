/**
 * The checks of /payManage add and edit bodies that a schema alone cannot express (limits in order,
 * references that exist, lists in a line format), each refusing with a 400 that names the field in
 * the operator's language. Edits send only what changed: the row before fills in the rest.
 */
import type { Locale } from '@payops/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row, Tx } from '../../platform/crud/index.ts';
import { fieldError, fillText } from '../../platform/errors.ts';
import { isListEntry, listEntries } from '../../platform/ip-allow.ts';
import { dec, decString, ZERO } from '../../platform/ledger/index.ts';
import { checkOutboundUrl } from '../../platform/outbound.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { servedBySandbox } from '../upstream/adapter.ts';
import { interfaceTypes } from './schema.ts';

const text = {
  order: { 'zh-CN': '不能小于{min}', 'en-US': 'must not be below {min}' },
  thirdParty: { 'zh-CN': '须为已有的三方', 'en-US': 'must be an existing third party' },
  payout: { 'zh-CN': '须为已有的代付三方', 'en-US': 'must be an existing payout provider' },
  interfaceType: { 'zh-CN': '须为已有的接口类型', 'en-US': 'must be an existing interface type' },
  unknownCodes: { 'zh-CN': '未知的三方编码：{codes}', 'en-US': 'unknown provider codes: {codes}' },
  repeated: { 'zh-CN': '同一三方只能出现一次：{codes}', 'en-US': 'each provider once only: {codes}' },
  amounts: {
    'zh-CN': '金额须大于0且不可重复',
    'en-US': 'amounts must be above 0 and not repeat',
  },
  inUse: { 'zh-CN': '仍被{what}使用，不能删除', 'en-US': 'still used by {what}; cannot be removed' },
  ipEntry: {
    'zh-CN': '不是IP地址或网段：{entry}',
    'en-US': 'not an IP address or CIDR range: {entry}',
  },
} as const;

/** An address list (one a line): each entry an address or a CIDR range; stored one a line. */
export function checkIpList(values: Row, field: string, locale: Locale) {
  const value = values[field];
  if (typeof value !== 'string') return;
  const entries = listEntries(value);
  const bad = entries.find((e) => !isListEntry(e));
  if (bad) throw fieldError(field, fillText(text.ipEntry[locale], { entry: bad }));
  values[field] = entries.length ? entries.join('\n') : null;
}

/** `values[max] >= values[min]` (each from the row before when the edit leaves it out). */
export function checkOrder(
  values: Row,
  before: Row | undefined,
  min: string,
  max: string,
  labels: Record<string, string>,
  locale: Locale,
) {
  const lo = (values[min] ?? before?.[min]) as string | null | undefined;
  const hi = (values[max] ?? before?.[max]) as string | null | undefined;
  if (lo == null || hi == null || lo === '' || hi === '') return;
  if (dec(String(hi)).lt(dec(String(lo))))
    throw fieldError(max, fillText(text.order[locale], { min: labels[min] ?? min }));
}

/** The third party a record refers to; `direction` narrows it (agent-pay configs: payout providers). */
export async function checkThirdParty(
  tx: Tx,
  id: unknown,
  locale: Locale,
  direction?: 'deposit' | 'withdraw',
) {
  const [party] = await tx
    .select({ id: thirdParties.id, direction: thirdParties.direction })
    .from(thirdParties)
    .where(eq(thirdParties.id, Number(id)));
  if (!party || (direction && party.direction !== direction))
    throw fieldError('thirdPartyId', (direction === 'withdraw' ? text.payout : text.thirdParty)[locale]);
  return party;
}

/**
 * A provider URL given on a page (a third party's base URL, its interface config's URLs) when it
 * changes: a public http(s) address, unless it is the sandbox on this server's loopback address
 * (called at this server's own origin, upstream/adapter.ts).
 */
export function checkProviderUrl(
  ctx: AppContext,
  values: Row,
  before: Row | undefined,
  field: string,
  locale: Locale,
): void {
  const url = values[field];
  if (typeof url !== 'string' || !url || url === before?.[field]) return;
  const interfaceType = String(values.interfaceType ?? before?.interfaceType ?? '');
  if (ctx.config.sandbox && servedBySandbox({ interfaceType, baseUrl: url })) return;
  checkOutboundUrl(ctx, field, url, locale);
}

export async function checkInterfaceType(tx: Tx, code: unknown, locale: Locale, field = 'interfaceType') {
  if (code === undefined) return;
  const [type] = await tx
    .select({ code: interfaceTypes.code })
    .from(interfaceTypes)
    .where(eq(interfaceTypes.code, String(code)));
  if (!type) throw fieldError(field, text.interfaceType[locale]);
}

/**
 * A bank's provider codes, `PROVIDER=code` a line (the schema checked the shape): every provider must
 * exist and appear once. Answers the normalised text, sorted by provider.
 */
export async function checkThirdCodes(tx: Tx, value: unknown, locale: Locale): Promise<string | null> {
  if (value === undefined || value === null) return null;
  const pairs = String(value)
    .split(/\s+/)
    .filter(Boolean)
    .map((line) => line.split('=') as [string, string]);
  if (pairs.length === 0) return null;
  const codes = pairs.map(([c]) => c);
  const repeated = codes.filter((c, i) => codes.indexOf(c) !== i);
  if (repeated.length)
    throw fieldError('thirdCodes', fillText(text.repeated[locale], { codes: repeated.join(', ') }));
  const known = await tx
    .select({ code: thirdParties.code })
    .from(thirdParties)
    .where(inArray(thirdParties.code, codes));
  const missing = codes.filter((c) => !known.some((k) => k.code === c));
  if (missing.length)
    throw fieldError('thirdCodes', fillText(text.unknownCodes[locale], { codes: missing.join(', ') }));
  return pairs
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([c, v]) => `${c}=${v}`)
    .join('\n');
}

/** Quick amounts `100, 200,50` -> `50,100,200` (the schema checked the shape); none zero, none twice. */
export function normaliseAmounts(value: unknown, locale: Locale): string | undefined {
  if (value === undefined) return undefined;
  const amounts = String(value)
    .split(',')
    .map((a) => dec(a.trim()));
  const sorted = amounts.sort((a, b) => a.cmp(b));
  if (sorted.some((a, i) => a.lte(ZERO) || (i > 0 && a.eq(sorted[i - 1]!))))
    throw fieldError('amounts', text.amounts[locale]);
  return sorted.map(decString).join(',');
}

/** Refuses removing records still referred to (`counts`: what refers to them, already counted). */
export function refuseInUse(
  counts: Record<string, number>,
  names: Record<string, readonly [string, string]>,
  locale: Locale,
) {
  const used = Object.entries(counts).filter(([, n]) => n > 0);
  if (used.length === 0) return;
  const i = locale === 'zh-CN' ? 0 : 1;
  const what = used.map(([k, n]) => `${n} ${names[k]![i]}`).join(', ');
  throw fieldError('ids', fillText(text.inUse[locale], { what }));
}
