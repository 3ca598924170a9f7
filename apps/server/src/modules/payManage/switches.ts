/**
 * The platform's switches (the DATACENTER_ONOFF_CONTROLLER setting, edited on /sys/sysBackConfig and
 * shown on /payManage/thirdconfigList): one reader for the money flows. A switch never set is on.
 * Read through the settings' short per-instance memory: the merchant API asks on every order.
 *
 *   const closed = await closedSwitch(ctx, ['DEPOSIT', 'OTC']);   // the first of them switched off
 *   if (closed) refuse ...
 *
 * What each switch stops is said once, in contracts (DATACENTER_SWITCH_EFFECTS), for the page.
 */
import { DATACENTER_SWITCHES, DATACENTER_SWITCHES_KEY, type DatacenterSwitch } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { cachedSetting, getSetting } from '../../platform/settings.ts';

/** `db`: the transaction when asked inside one (a transition's effect). */
export async function switchOn(
  ctx: AppContext,
  name: DatacenterSwitch,
  db?: Pick<AppContext['db'], 'select'>,
): Promise<boolean> {
  return (await closedSwitch(ctx, [name], db)) === null;
}

/** The first of `names` that is switched off, or null when all are on. */
export async function closedSwitch(
  ctx: AppContext,
  names: readonly DatacenterSwitch[],
  db?: Pick<AppContext['db'], 'select'>,
): Promise<DatacenterSwitch | null> {
  if (!names.length) return null;
  const switches = await cachedSetting(ctx, DATACENTER_SWITCHES_KEY, db);
  return names.find((name) => switches[name] === false) ?? null;
}

/** Every switch in catalogue order with its state (spec getConfigSelectorByCode): read fresh. */
export async function switchList(ctx: AppContext) {
  const switches = await getSetting(ctx, DATACENTER_SWITCHES_KEY);
  return (Object.keys(DATACENTER_SWITCHES) as DatacenterSwitch[]).map((code) => ({
    code,
    value: switches[code] ?? true,
  }));
}
