/**
 * Assigning roles: every role as a checkbox, the operator's own ticked. The choices come from the
 * action's own endpoint (roleChoices, behind the assign permission), not the role page's list.
 */
import { user } from '@payops/contracts/resources/sys/user';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

interface RoleChoices {
  roles: { id: number; code: string; name: string }[];
  held: number[];
}

export function UserRolesDialog({
  row,
  path,
  onClose,
  onSaved,
}: {
  row: Row;
  path: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const roles = useQuery({
    queryKey: ['sys', 'roleChoices', row.id],
    queryFn: () => api<RoleChoices>(`${user.api}/roleChoices`, { params: { id: String(row.id) } }),
  });
  const [checked, setChecked] = useState<number[] | null>(null);

  useEffect(() => {
    if (roles.data && checked === null) setChecked(roles.data.held);
  }, [roles.data, checked]);

  const submit = async () => {
    await api(path, { method: 'POST', body: { id: row.id, roleIds: checked ?? [] } });
    toast.success(t('sysPage.rolesSaved'));
    onSaved();
  };

  return (
    <ActionDialog
      title={`${t('action.user.assignRoles')} · ${String(row.username)}`}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={checked === null}
      testId="roles-submit"
    >
      {roles.isLoading || checked === null ? (
        <Spin />
      ) : (
        <Checkbox.Group
          value={checked}
          onChange={(v) => setChecked(v as number[])}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          data-testid="roles-picker"
          options={(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
        />
      )}
    </ActionDialog>
  );
}
