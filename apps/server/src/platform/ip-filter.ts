/**
 * Back-office IP lists: the black list is always enforced, the white list when switched on. Answers
 * are cached per address for a few seconds; a change to the lists clears the cache of this instance
 * (other instances follow within the TTL).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { getSetting } from './settings.ts';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class IpFilter {
  private cache = new Map<string, { allowed: boolean; until: number }>();

  constructor(private readonly ctx: AppContext) {}

  invalidate(): void {
    this.cache.clear();
  }

  async allowed(ip: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.cache.get(ip);
    if (hit && hit.until > now) return hit.allowed;
    const allowed = await this.check(ip);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(ip, { allowed, until: now + TTL_MS });
    return allowed;
  }

  private async check(ip: string): Promise<boolean> {
    const result = await this.ctx.db.execute<{ black: boolean | null; white: boolean | null }>(
      sql`SELECT bool_or(list = 'black') AS black, bool_or(list = 'white') AS white
          FROM ip_rules WHERE cidr >>= ${ip}::inet`,
    );
    const row = result.rows[0];
    if (row?.black) return false;
    if (await getSetting(this.ctx, 'whiteIpEnabled')) return row?.white === true;
    return true;
  }
}
