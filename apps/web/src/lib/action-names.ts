/**
 * Which action a request path performs: the code dialog says why it asks for a code. Resource pages
 * register their definition's action paths when they mount (engine/resource-labels.ts), so this file
 * stays in the first download without every definition; the shell's own actions are listed here.
 */
import type { ResourceDef } from '@payops/contracts/resource';

export interface ActionName {
  /** i18n key of the action. */
  label: string;
  /** Route path of the page the action belongs to, when it is a page's action. */
  page?: string;
}

const byPath = new Map<string, ActionName>([
  ['/api/sys/user/updatePassword', { label: 'user.changePassword' }],
  ['/api/sys/user/googleAuthAdmin', { label: 'user.unmask' }],
]);

export function rememberActionPaths(def: Pick<ResourceDef, 'actions' | 'pagePath'>): void {
  for (const action of Object.values(def.actions)) {
    byPath.set(action.path, { label: action.label, page: def.pagePath });
  }
}

/** The action behind `path` (query string ignored), or undefined. */
export function actionOfPath(path: string | undefined): ActionName | undefined {
  if (!path) return undefined;
  return byPath.get(path.split('?')[0]!);
}
