/**
 * The demo merchants tell their orders' outcomes to the sandbox merchant built into this server
 * (modules/notify/sandbox.ts), so the demo's callbacks travel the real HTTP path and are delivered,
 * not failed against an address that does not exist. Only the demo's own example addresses change.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { SANDBOX_NOTIFY_PATH } from '../modules/notify/sandbox.ts';

/** What generate.ts gives demo merchants before this runs. */
const DEMO_NOTIFY_URL = 'https://api.shop%.example.cn/pay/notify';

/** `origin`: where this server is reached, e.g. http://127.0.0.1:8080. Answers how many changed. */
export async function pointDemoMerchantsAtSandbox(db: Db, origin: string): Promise<number> {
  const res = await db.execute(
    sql`UPDATE merchants SET notify_url = ${`${origin.replace(/\/+$/, '')}${SANDBOX_NOTIFY_PATH}`}
         WHERE notify_url LIKE ${DEMO_NOTIFY_URL}`,
  );
  return res.rowCount ?? 0;
}
