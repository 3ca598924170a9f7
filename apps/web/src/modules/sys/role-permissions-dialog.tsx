/**
 * The permission tree of a role: every page (menu) with its actions under it, each action tagged
 * when it needs an authenticator code. Checking an action grants its page too: an action on a page
 * the operator cannot open is of no use, so a half-checked page is saved as granted.
 */
import { role } from '@payops/contracts/resources/sys/role';
import { useQuery } from '@tanstack/react-query';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import type { DataNode } from 'antd/es/tree';
import Tree from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { permissionLabel } from './permission-label.ts';

interface TreeAction {
  resourceId: number;
  permission: string;
  needsCode: boolean;
}
interface TreePage {
  page: string;
  titleKey: string;
  resourceId: number | null;
  permission: string | null;
  actions: TreeAction[];
}
interface TreeAnswer {
  tree: TreePage[];
  granted: number[];
}

const pageKey = (p: TreePage) => `page:${p.page}`;
const actionKey = (a: TreeAction) => `action:${a.resourceId}`;

export function RolePermissionsDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const roleId = Number(row.id);
  const answer = useQuery({
    queryKey: ['resource', 'role', 'tree', roleId],
    queryFn: () => api<TreeAnswer>(`${role.api}/permissionTree`, { params: { roleId } }),
  });
  const [checked, setChecked] = useState<string[] | null>(null);

  const { nodes, idOf, initial } = useMemo(() => {
    const idOf = new Map<string, number>();
    const initial: string[] = [];
    const granted = new Set(answer.data?.granted ?? []);
    const nodes: DataNode[] = (answer.data?.tree ?? []).map((p) => {
      if (p.resourceId !== null) idOf.set(pageKey(p), p.resourceId);
      // Only leaves are set: the tree works out each page's state from its actions.
      if (p.actions.length === 0 && p.resourceId !== null && granted.has(p.resourceId))
        initial.push(pageKey(p));
      return {
        key: pageKey(p),
        title: p.titleKey ? `${t(p.titleKey)} (${p.page})` : p.page,
        children: p.actions.map((a) => {
          idOf.set(actionKey(a), a.resourceId);
          if (granted.has(a.resourceId)) initial.push(actionKey(a));
          return {
            key: actionKey(a),
            title: (
              <span>
                {permissionLabel(a.permission, t)}
                {a.needsCode && (
                  <Tag color="orange" style={{ marginInlineStart: 8 }}>
                    {t('sysPage.needsCode')}
                  </Tag>
                )}
              </span>
            ),
          };
        }),
      };
    });
    return { nodes, idOf, initial };
  }, [answer.data, t]);

  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const current = checked ?? initial;

  const submit = async () => {
    const keys = new Set([...current, ...halfChecked]);
    // A page whose actions are all or partly checked is granted with them.
    for (const p of answer.data?.tree ?? []) {
      if (p.actions.some((a) => keys.has(actionKey(a)))) keys.add(pageKey(p));
    }
    const resourceIds = [...keys].map((k) => idOf.get(k)).filter((id): id is number => id !== undefined);
    const result = await api<{ endedOperators: number }>(role.actions.saveResources!.path, {
      method: 'POST',
      body: { roleId, resourceIds },
    });
    toast.success(t('sysPage.permissionsSaved', { count: result.endedOperators }));
    onClose();
  };

  return (
    <ActionDialog
      width={720}
      title={t('sysPage.permissionsTitle', { name: String(row.name) })}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={!answer.data}
      testId="permissions-submit"
    >
      {answer.isLoading ? (
        <Spin />
      ) : (
        <div style={{ maxHeight: '60vh', overflow: 'auto' }} data-testid="permission-tree">
          <Tree
            checkable
            defaultExpandAll
            treeData={nodes}
            checkedKeys={current}
            onCheck={(keys, info) => {
              setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
              setHalfChecked((info.halfCheckedKeys ?? []).map(String));
            }}
          />
        </div>
      )}
    </ActionDialog>
  );
}
