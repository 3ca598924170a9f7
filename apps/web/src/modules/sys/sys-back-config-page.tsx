/**
 * sys/sysBackConfig: the typed settings. The list is the engine's; the edit form is the setting's own
 * editor (a switch, a number, an amount, a list, a switch group) validated per its type, and saving
 * asks for an authenticator code when the resource table says so (api() handles 17017). Below, the
 * changes that weaken a protection and wait for a second administrator (pendingChange): approving
 * one sets the setting, so each list refreshes the other.
 */
import { pendingChange } from '@payops/contracts/resources/sys/pending-change';
import { findSetting, sysBackConfig } from '@payops/contracts/resources/sys/sys-back-config';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';
import { settingOf, settingValueText } from './setting-value.tsx';
import { useSysLabels } from './sys-labels.ts';

// The editors (Form, Switch, InputNumber, Select) come with the edit dialog, on its first opening.
const SettingForm = lazy(() => import('./setting-form.tsx'));

const SETTINGS = [sysBackConfig];
const PENDING = [pendingChange];

/** A pending change's value: a setting's as the settings list shows it, an action's code flag. */
function changeValue(row: Row, value: unknown, t: TFunction): ReactNode {
  if (row.target === 'setting') return settingValueText(findSetting(String(row.key)), value, t);
  return t(value ? 'pendingChange.needsCode.on' : 'pendingChange.needsCode.off');
}

function PendingChanges() {
  const { t } = useTranslation();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      alsoRefresh: SETTINGS,
      header: () => <h5 className="engine-list-title">{t('pendingChange.title')}</h5>,
      cells: {
        key: (value, row) =>
          row.target === 'setting' ? (
            <span>
              {t(`setting.${String(value)}`)} <code className="engine-code">{String(value)}</code>
            </span>
          ) : (
            <code className="engine-code">{String(value)}</code>
          ),
        before: (value, row) => changeValue(row, value, t),
        value: (value, row) => changeValue(row, value, t),
      },
    }),
    [t],
  );
  return <ResourcePage def={pendingChange} overrides={overrides} />;
}

export function SysBackConfigPage() {
  useSysLabels();
  const { t } = useTranslation();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      alsoRefresh: PENDING,
      cells: {
        key: (value) => (
          <span>
            {t(`setting.${String(value)}`)} <code className="engine-code">{String(value)}</code>
          </span>
        ),
        value: (value, row) => settingValueText(findSetting(String(row.key)), value, t),
      },
      toForm: (row) => ({ value: row.value }),
      renderForm: (mode) => (
        <Suspense fallback={null}>
          <SettingForm mode={mode} />
        </Suspense>
      ),
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
  return (
    <>
      <ResourcePage def={sysBackConfig} overrides={overrides} />
      <PendingChanges />
    </>
  );
}
