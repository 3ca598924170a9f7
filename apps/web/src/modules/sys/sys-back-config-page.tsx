/**
 * sys/sysBackConfig: the typed settings. The list is the engine's; the edit form is the setting's own
 * editor (a switch, a number, an amount, a list, a switch group) validated per its type, and saving
 * asks for an authenticator code when the resource table says so (api() handles 17017).
 */
import { findSetting, type SettingDef, sysBackConfig } from '@payops/contracts/resources/sys/sys-back-config';
import Form from 'antd/es/form';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { FormMode, ResourceOverrides } from '../../engine/types.ts';
import { SettingInput, SwitchGroup, settingRules, settingValueText } from './setting-input.tsx';
import { useSysLabels } from './sys-labels.ts';

function settingOf(mode: FormMode): SettingDef | undefined {
  return mode.kind === 'edit' ? findSetting(String(mode.row.key)) : undefined;
}

function SettingForm({ mode, t }: { mode: FormMode; t: TFunction }) {
  const setting = settingOf(mode);
  if (!setting) return null;
  return (
    <>
      <Typography.Paragraph>
        <Typography.Text strong>{t(`setting.${setting.key}`)}</Typography.Text>{' '}
        <Typography.Text type="secondary" code>
          {setting.key}
        </Typography.Text>
      </Typography.Paragraph>
      {setting.type === 'switches' ? (
        <SwitchGroup setting={setting} />
      ) : (
        <Form.Item
          name="value"
          label={t('sysPage.settingValue')}
          rules={settingRules(setting, t)}
          valuePropName={setting.type === 'boolean' ? 'checked' : 'value'}
          extra={setting.type === 'stringList' ? t('sysPage.listPlaceholder') : undefined}
        >
          <SettingInput setting={setting} />
        </Form.Item>
      )}
    </>
  );
}

export function SysBackConfigPage() {
  useSysLabels();
  const { t } = useTranslation();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        key: (value) => (
          <span>
            {t(`setting.${String(value)}`)}{' '}
            <Typography.Text type="secondary" code>
              {String(value)}
            </Typography.Text>
          </span>
        ),
        value: (value, row) => settingValueText(findSetting(String(row.key)), value, t),
      },
      toForm: (row) => ({ value: row.value }),
      renderForm: (mode) => <SettingForm mode={mode} t={t} />,
      toBody: (values, mode) => {
        const setting = settingOf(mode);
        // An unchanged value is left out of `values` (edits send changes only); a setting needs it.
        let value = 'value' in values ? values.value : mode.kind === 'edit' ? mode.row.value : undefined;
        if (setting?.type === 'money' && typeof value === 'string') value = value.trim();
        if (setting?.type === 'stringList' && Array.isArray(value))
          value = value.map((s) => String(s).trim());
        return { key: mode.kind === 'edit' ? mode.row.key : undefined, value };
      },
    }),
    [t],
  );
  return <ResourcePage def={sysBackConfig} overrides={overrides} />;
}
