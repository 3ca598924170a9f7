/**
 * Every resource definition, registered into the permission catalogue at load so the resources
 * table, the role editor and the guard know their actions.
 */
import { type ResourceDef, registerResource } from '../resource.ts';
import * as sys from './sys/index.ts';

export * from './sys/index.ts';

export const allResources: readonly ResourceDef[] = [
  sys.addrPoolFlowList,
  sys.user,
  sys.role,
  sys.resource,
  sys.opearlog,
  sys.loginLog,
  sys.addrPool,
  sys.blackIp,
  sys.whiteIp,
  sys.sysBackConfig,
  sys.message,
];

for (const def of allResources) registerResource(def);

export function findResource(name: string): ResourceDef | undefined {
  return allResources.find((r) => r.name === name);
}
