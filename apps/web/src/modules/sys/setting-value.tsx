/** A setting's value as the settings list shows it (apart from the editors, which load with the form). */

import { truncateMoney } from '@payops/contracts/decimal';
import { findSetting, type SettingDef } from '@payops/contracts/resources/sys/sys-back-config';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FormMode } from '../../engine/types.ts';

/** The setting an edit is about. */
export function settingOf(mode: FormMode): SettingDef | undefined {
  return mode.kind === 'edit' ? findSetting(String(mode.row.key)) : undefined;
}

/** A setting's value in the table. */
export function settingValueText(setting: SettingDef | undefined, value: unknown, t: TFunction): ReactNode {
  if (value === null || value === undefined) return '-';
  switch (setting?.type) {
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'}>{t(value ? 'sysPage.on' : 'sysPage.off')}</Tag>;
    case 'money':
      return truncateMoney(String(value));
    case 'stringList':
      return (value as string[]).map((s) => <Tag key={s}>{s}</Tag>);
    case 'switches':
      return Object.entries(value as Record<string, boolean>).map(([k, on]) => (
        <Tag key={k} color={on ? 'green' : 'default'}>
          {k}: {t(on ? 'sysPage.on' : 'sysPage.off')}
        </Tag>
      ));
    default:
      return String(value);
  }
}
