/**
 * Address white lists: addresses or CIDR ranges, IPv4 or IPv6, separated by commas, spaces or lines:
 * a merchant's API white list (modules/openapi/verify.ts) and a provider's callback addresses
 * (modules/upstream/callback.routes.ts).
 *
 * An empty list matches nothing; what it means is the caller's: the merchant API refuses every call
 * (a merchant whose servers' addresses nobody registered has not finished onboarding, and "anyone who
 * holds the secret, from anywhere" is what the list prevents), the callback endpoint takes any
 * address. Entries that cannot be read are ignored (never widen the list; forms refuse them with
 * `isListEntry`); IPv4-mapped IPv6 callers are matched as IPv4.
 */
import { BlockList, isIP } from 'node:net';

const cache = new Map<string, BlockList>();

export const listEntries = (list: string): string[] => list.split(/[,\s]+/).filter(Boolean);

/** An entry as added to a list, or null when it is not an address or a CIDR range. */
function parsed(entry: string): { addr: string; prefix?: number; type: 'ipv4' | 'ipv6' } | null {
  const [addr = '', bits, extra] = entry.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) return { addr, type };
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return null;
  return { addr, prefix, type };
}

export const isListEntry = (entry: string): boolean => parsed(entry) !== null;

function listOf(whitelist: string): BlockList {
  const hit = cache.get(whitelist);
  if (hit) return hit;
  const list = new BlockList();
  for (const entry of listEntries(whitelist)) {
    const p = parsed(entry);
    if (!p) continue;
    if (p.prefix === undefined) list.addAddress(p.addr, p.type);
    else list.addSubnet(p.addr, p.prefix, p.type);
  }
  if (cache.size > 1000) cache.clear();
  cache.set(whitelist, list);
  return list;
}

export function ipAllowed(whitelist: string, ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(address);
  if (!family || !whitelist.trim()) return false;
  return listOf(whitelist).check(address, family === 4 ? 'ipv4' : 'ipv6');
}
