/**
 * payManage/thirdconfigList: the data dictionary, and above it the platform's switches
 * (getConfigSelectorByCode). The switches are a back-office setting (one place); a toggle here saves
 * that setting, behind its own permission and authenticator code. Each switch's name tells, on hover,
 * what switching it off stops.
 */
import { DATACENTER_SWITCHES, type DatacenterSwitch } from '@payops/contracts/resources/payManage/common';
import { thirdConfig } from '@payops/contracts/resources/payManage/third-config';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';
import { usePayLabels } from './pay-labels.ts';

const SWITCH_KEY = 'DATACENTER_ONOFF_CONTROLLER';
const LIST_PATH = `${thirdConfig.api}/getConfigSelectorByCode?code=${SWITCH_KEY}`;
/** The settings page's edit (sys/sysBackConfig), which holds the switches. */
const EDIT_PATH = '/api/sys/sysBackConfig/edit';
const EDIT_PERMISSION = 'sys.sysBackConfig.edit';
const queryKey = ['payManage', 'switches'] as const;

type SwitchState = { code: DatacenterSwitch; value: boolean };

function Switches() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const state = useQuery({ queryKey, queryFn: () => api<SwitchState[]>(LIST_PATH) });
  const list = state.data ?? [];

  const change = async (code: DatacenterSwitch, next: boolean) => {
    const value = Object.fromEntries(list.map((s) => [s.code, s.code === code ? next : s.value]));
    try {
      await api(EDIT_PATH, { method: 'POST', body: { key: SWITCH_KEY, value } });
      await client.invalidateQueries({ queryKey });
      toast.success(t('engine.done'));
    } catch {
      // Shown by api().
    }
  };

  return (
    <div data-testid="pay-switches" style={{ marginBottom: 12 }}>
      <Space wrap size={[20, 8]}>
        <strong>{t('payPage.switches')}</strong>
        {(Object.keys(DATACENTER_SWITCHES) as DatacenterSwitch[]).map((code) => {
          const on = list.find((s) => s.code === code)?.value ?? true;
          return (
            <Space key={code} size={6}>
              <Tooltip title={t(`switchEffect.${code}`)}>
                <span data-testid={`switch-label-${code}`}>{t(`switch.${code}`)}</span>
              </Tooltip>
              <Switch
                size="small"
                checked={on}
                loading={state.isLoading}
                disabled={!can(EDIT_PERMISSION)}
                onChange={(next) => void change(code, next)}
                checkedChildren={t('payPage.on')}
                unCheckedChildren={t('payPage.off')}
                data-testid={`switch-${code}`}
              />
            </Space>
          );
        })}
      </Space>
      <div className="engine-blank">{t('payPage.switchesNote')}</div>
    </div>
  );
}

const overrides: ResourceOverrides = { header: () => <Switches /> };

export function ThirdConfigPage() {
  usePayLabels();
  return <ResourcePage def={thirdConfig} overrides={overrides} />;
}
