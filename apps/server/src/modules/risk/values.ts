/**
 * An entry's value as the check compares it: normalised (contracts risk-values.ts), a card number as
 * HMAC-SHA256 under a key derived from SECRET_KEY (never stored or logged in clear), an IP or CIDR
 * parsed by PostgreSQL. Also how a matched value is shown in the block log (masked).
 */
import { createHmac } from 'node:crypto';
import {
  addressNetwork,
  LIST_KINDS,
  type Locale,
  normaliseRiskValue,
  type RiskKind,
  type RiskList,
  VALUE_PROBLEMS,
} from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/crud/index.ts';
import { fieldError } from '../../platform/errors.ts';
import { mask } from '../../platform/masking.ts';

const keys = new WeakMap<Buffer, Buffer>();

/** The card-hash key: derived once per SECRET_KEY, so every instance sharing the key agrees. */
function cardHashKey(secretKey: Buffer): Buffer {
  let k = keys.get(secretKey);
  if (!k) {
    k = createHmac('sha256', secretKey).update('payops risk card hash v1').digest();
    keys.set(secretKey, k);
  }
  return k;
}

/** A card number's lookup key: HMAC-SHA256 of its digits, hex. */
export function cardKey(secretKey: Buffer, digits: string): string {
  return createHmac('sha256', cardHashKey(secretKey)).update(digits).digest('hex');
}

export interface PreparedValue {
  value: string;
  lookupKey: string;
  net: string | null;
  last4: string | null;
  network: 'TRC20' | 'ERC20' | null;
}

const text = {
  badIp: { 'zh-CN': '不是有效的IP地址或网段（CIDR）', 'en-US': 'is not an IP address or CIDR block' },
} as const;

const pair = (p: readonly [string, string], locale: Locale) => (locale === 'en-US' ? p[1] : p[0]);

/** Checks and normalises an entry's value; a 400 naming `kind` or `value` (the operator's language). */
export async function prepareValue(
  tx: Tx,
  secretKey: Buffer,
  list: RiskList,
  kind: RiskKind,
  raw: string,
  locale: Locale,
): Promise<PreparedValue> {
  if (!LIST_KINDS[list].includes(kind)) throw fieldError('kind', pair(VALUE_PROBLEMS.kindNotInList, locale));
  const n = normaliseRiskValue(kind, raw);
  if ('problem' in n) throw fieldError('value', pair(VALUE_PROBLEMS[n.problem], locale));
  const base = { net: null, last4: null, network: null };
  if (kind === 'card')
    return {
      ...base,
      value: `**** ${n.value.slice(-4)}`,
      lookupKey: cardKey(secretKey, n.value),
      last4: n.value.slice(-4),
    };
  if (kind === 'address')
    return { ...base, value: n.value, lookupKey: n.value, network: addressNetwork(n.value) };
  if (kind === 'ip') {
    // PostgreSQL's own parser (also refuses host bits set, 10.0.0.1/8) without aborting the transaction.
    // Two statements: a CASE around the cast would still be folded (and fail) at plan time.
    const valid = await tx.execute<{ ok: boolean }>(sql`SELECT pg_input_is_valid(${n.value}, 'cidr') AS ok`);
    if (!valid.rows[0]?.ok) throw fieldError('value', text.badIp[locale]);
    const r = await tx.execute<{ net: string }>(sql`SELECT ${n.value}::cidr::text AS net`);
    const net = r.rows[0]!.net;
    return { ...base, value: net, lookupKey: net, net };
  }
  return { ...base, value: n.value, lookupKey: n.value };
}

/** The subject's value as the block log shows it: personal data masked, a card only by its last 4. */
export function maskedValue(kind: RiskKind, value: string): string {
  switch (kind) {
    case 'card':
      return `**** ${value.slice(-4)}`;
    case 'realName':
      return mask('name', value) ?? '';
    case 'phone':
      return mask('phone', value) ?? '';
    case 'idNumber':
      return mask('idNumber', value) ?? '';
    default:
      return value;
  }
}
