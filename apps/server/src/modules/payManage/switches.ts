/**
 * The platform's switches (the DATACENTER_ONOFF_CONTROLLER setting, edited on /sys/sysBackConfig and
 * shown on /payManage/thirdconfigList): one reader for the money flows. A switch never set is on.
 *
 *   if (!(await switchOn(ctx, 'DEPOSIT'))) throw ...   // deposits refused while switched off
 */
import { DATACENTER_SWITCHES, DATACENTER_SWITCHES_KEY, type DatacenterSwitch } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { getSetting } from '../../platform/settings.ts';

export async function switchOn(ctx: AppContext, name: DatacenterSwitch): Promise<boolean> {
  const switches = await getSetting(ctx, DATACENTER_SWITCHES_KEY);
  return switches[name] ?? true;
}

/** Every switch in catalogue order with its state (spec getConfigSelectorByCode). */
export async function switchList(ctx: AppContext) {
  const switches = await getSetting(ctx, DATACENTER_SWITCHES_KEY);
  return (Object.keys(DATACENTER_SWITCHES) as DatacenterSwitch[]).map((code) => ({
    code,
    value: switches[code] ?? true,
  }));
}
