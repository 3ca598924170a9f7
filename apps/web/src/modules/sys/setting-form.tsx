/**
 * The edit form of one setting (sys-back-config-page.tsx): its own editor validated per its type.
 * Loaded with the edit dialog, not with the list.
 */
import Form from 'antd/es/form';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { FormMode } from '../../engine/types.ts';
import { SettingInput, SwitchGroup, settingRules } from './setting-input.tsx';
import { settingOf } from './setting-value.tsx';

export default function SettingForm({ mode }: { mode: FormMode }) {
  const { t } = useTranslation();
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
