/**
 * The merchant's API IP white list: comma separated addresses or CIDR ranges, IPv4 or IPv6.
 *
 * An empty list refuses every call: a merchant whose servers' addresses nobody registered has not
 * finished onboarding, and "anyone who holds the secret, from anywhere" is exactly what the list is
 * there to prevent (a leaked secret alone must not move money). Entries that cannot be read are
 * ignored (never widen the list); IPv4-mapped IPv6 callers are matched as IPv4.
 */
import { BlockList, isIP } from 'node:net';

const cache = new Map<string, BlockList>();

function listOf(whitelist: string): BlockList {
  const hit = cache.get(whitelist);
  if (hit) return hit;
  const list = new BlockList();
  for (const raw of whitelist.split(/[,\s]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const [addr = '', bits] = entry.split('/');
    const family = isIP(addr);
    if (!family) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const prefix = Number(bits);
      if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128))
        list.addSubnet(addr, prefix, type);
    }
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
