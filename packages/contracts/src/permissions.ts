/**
 * Permission ids, shared by the server guard and the web client (one list, twenty-style).
 *
 * A permission is either a page (`<group>.<page>`, from the route table: it opens the page and reads
 * its list) or an action (`<group>.<page>.<action>`). The server stores them as resources and hands
 * each operator `<id>:<permission>` or `<id>:<permission>:0` (0 = no authenticator code needed).
 * Whether an action needs a code is a default here and can be changed per resource by an
 * administrator; the server decides from its resource table, never from the client.
 */
import { allPages, findPage, pagePermission } from './routes.ts';

export interface PermissionDef {
  id: string;
  kind: 'page' | 'action';
  /** The page the action belongs to (its route path), for the role editor's tree. */
  page: string;
  /** Default for the needs-a-code flag. */
  needsCode: boolean;
}

/** Actions of the foundation; later modules add theirs through their resource definitions. */
export const Permission = {
  /** Change one's own password (spec §6: without it, "no permission to modify"). */
  updatePassword: 'sys.user.updatePassword',
  /** Unmask personal data for the rest of the session (spec §6). */
  unmask: 'sys.user.googleAuthAdmin',
  /** Show the QR of another operator's authenticator for binding. */
  operatorQr: 'sys.user.getDataGoogleQR',
  /** See the four order-count badges in the header (spec §6). */
  orderCounts: 'order.countTransferOrder',
  /** Tell the built-in sandbox merchant to fail its next callbacks (test and demo platforms). */
  sandboxControl: 'order.mchNotify.sandboxControl',
} as const;

const actions: readonly PermissionDef[] = [
  { id: Permission.updatePassword, kind: 'action', page: '/sys/user', needsCode: true },
  { id: Permission.unmask, kind: 'action', page: '/sys/user', needsCode: true },
  { id: Permission.operatorQr, kind: 'action', page: '/sys/user', needsCode: true },
  { id: Permission.orderCounts, kind: 'action', page: '/order/orderTransferList', needsCode: false },
  { id: Permission.sandboxControl, kind: 'action', page: '/order/mchNotify', needsCode: false },
];

const pages: readonly PermissionDef[] = allPages.map((p) => ({
  id: pagePermission(p.group, p.name),
  kind: 'page',
  page: p.path,
  needsCode: false,
}));

const registry = new Map<string, PermissionDef>();

/** Adds permissions to the catalogue (resource definitions call this for their actions). */
export function registerPermissions(defs: readonly PermissionDef[]): void {
  for (const def of defs) registry.set(def.id, def);
}

registerPermissions(pages);
registerPermissions(actions);

export function permissionCatalogue(): readonly PermissionDef[] {
  return [...registry.values()];
}

export function isKnownPermission(id: string): boolean {
  return registry.has(id);
}

/**
 * Whether a permission belongs to a page only named staff may open (the wallet cashier pages,
 * `staffOnly` in the route table): the menu hides those pages from everyone else and the guard
 * refuses their routes, whatever the operator's roles hold.
 */
export function isStaffOnly(permission: string): boolean {
  const def = registry.get(permission);
  return !!def && !!findPage(def.page)?.staffOnly;
}

/** A resource string as `/api/resource` hands it out. */
export function formatResource(resourceId: number, permission: string, needsCode: boolean): string {
  return needsCode ? `${resourceId}:${permission}` : `${resourceId}:${permission}:0`;
}

export interface ParsedResource {
  resourceId: number;
  permission: string;
  needsCode: boolean;
}

export function parseResource(entry: string): ParsedResource {
  const [id, permission = '', flag] = entry.split(':');
  return { resourceId: Number(id), permission, needsCode: flag !== '0' };
}
