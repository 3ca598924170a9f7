/** sys/role: the engine's role list; "permissions" opens the permission tree of the role. */
import { role } from '@payops/contracts/resources/sys/role';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';
import { useSysLabels } from './sys-labels.ts';

// The permission tree loads when it is first opened, not with the list.
const RolePermissionsDialog = lazy(() =>
  import('./role-permissions-dialog.tsx').then((m) => ({ default: m.RolePermissionsDialog })),
);

export function RolePage() {
  useSysLabels();
  const [editing, setEditing] = useState<Row | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({ actionHandlers: { saveResources: (rows) => rows[0] && setEditing(rows[0]) } }),
    [],
  );
  return (
    <>
      <ResourcePage def={role} overrides={overrides} />
      {editing && (
        <Suspense fallback={null}>
          <RolePermissionsDialog row={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
