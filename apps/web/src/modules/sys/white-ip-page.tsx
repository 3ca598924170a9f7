/**
 * sys/whiteIp: the engine's list plus the white-list switch. The switch sits above the table rather
 * than as a toolbar button: its state matters more than the button, and the operator must see it.
 */
import { whiteIp } from '@payops/contracts/resources/sys/ip-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { useConfirm } from '../../lib/confirm.tsx';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';
import { useSysLabels } from './sys-labels.ts';

const switchKey = ['resource', 'whiteIp', 'switch'] as const;
const action = whiteIp.actions.switch!;

function WhiteListSwitch() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [confirm, holder] = useConfirm();
  const state = useQuery({
    queryKey: switchKey,
    queryFn: () => api<{ enabled: boolean }>(`${whiteIp.api}/switch`),
  });
  const enabled = state.data?.enabled ?? false;

  const change = (next: boolean) =>
    confirm({
      title: t(action.confirm ?? 'confirm.whiteIp.switch'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        try {
          const answer = await api<{ enabled: boolean }>(action.path, {
            method: 'POST',
            body: { enabled: next },
          });
          client.setQueryData(switchKey, answer);
          toast.success(t('engine.done'));
        } catch {
          // Shown by api().
        }
      },
    });

  return (
    <Space className="white-switch" data-testid="white-switch">
      {holder}
      <strong>{t('sysPage.whiteSwitch')}</strong>
      <Switch
        checked={enabled}
        loading={state.isLoading}
        disabled={!can(action.permission)}
        onChange={change}
        checkedChildren={t('sysPage.on')}
        unCheckedChildren={t('sysPage.off')}
        data-testid="white-switch-toggle"
      />
      <span className={enabled ? 'engine-warning' : 'engine-blank'}>
        {t(enabled ? 'sysPage.whiteOn' : 'sysPage.whiteOff')}
      </span>
    </Space>
  );
}

const overrides: ResourceOverrides = {
  hiddenActions: ['switch'],
  header: () => <WhiteListSwitch />,
};

export function WhiteIpPage() {
  useSysLabels();
  return <ResourcePage def={whiteIp} overrides={overrides} />;
}
