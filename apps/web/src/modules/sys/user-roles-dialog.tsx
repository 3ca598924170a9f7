/**
 * Assigning roles: every role as a checkbox. The operator list shows role names, not ids, so the
 * current roles are matched by name (role names are unique in practice; the server could send ids).
 */
import { role } from '@payops/contracts/resources/sys/role';
import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { ListAnswer, Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

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
    queryKey: ['resource', 'role', 'all'],
    queryFn: () =>
      api<ListAnswer>(role.actions.list!.path, {
        method: 'POST',
        body: { page: 1, pageSize: 100, filters: {} },
      }),
  });
  const [checked, setChecked] = useState<number[] | null>(null);

  useEffect(() => {
    if (!roles.data || checked !== null) return;
    const names = String(row.roleNames ?? '')
      .split(',')
      .map((n) => n.trim());
    setChecked(roles.data.list.filter((r) => names.includes(String(r.name))).map((r) => Number(r.id)));
  }, [roles.data, checked, row.roleNames]);

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
          options={(roles.data?.list ?? []).map((r) => ({
            value: Number(r.id),
            label: `${String(r.name)} (${String(r.code)})`,
          }))}
        />
      )}
    </ActionDialog>
  );
}
