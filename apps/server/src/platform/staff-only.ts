/**
 * The named-staff rule of the wallet cashier pages (spec: "hidden from the menu except for a few named
 * staff users"): one list, the back-office setting `cashierStaff` (default CASHIER_STAFF), read by the
 * menu and by the guard, so a page hidden from an operator is also refused to them on the server.
 */
import type { AppContext } from './context.ts';
import { getSetting } from './settings.ts';

export async function isCashierStaff(ctx: AppContext, username: string): Promise<boolean> {
  return (await getSetting(ctx, 'cashierStaff')).includes(username);
}
