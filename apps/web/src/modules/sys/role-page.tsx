/** sys/role: the engine's role list; "permissions" opens the permission tree of the role. */
import { role } from '@payops/contracts/resources/sys/role';
import { useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';
import { RolePermissionsDialog } from './role-permissions-dialog.tsx';
import { useSysLabels } from './sys-labels.ts';

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
      {editing && <RolePermissionsDialog row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
