/**
 * Column show/hide and density, remembered per resource in localStorage: an operator who hides the
 * user agent column once should not hide it again on every visit.
 */
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Dropdown from 'antd/es/dropdown';
import Tooltip from 'antd/es/tooltip';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The column picker's popover loads on the first click of its button (like lib/lazy-dropdown.tsx).
const loadPopover = () => import('antd/es/popover');
const Popover = lazy(loadPopover);

export type Density = 'large' | 'middle' | 'small';

interface TableSettings {
  hidden: string[];
  density: Density;
}

const storageKey = (resource: string) => `payops.table.${resource}`;

function load(resource: string): TableSettings {
  try {
    const raw = localStorage.getItem(storageKey(resource));
    const parsed = raw ? (JSON.parse(raw) as Partial<TableSettings>) : {};
    return {
      hidden: Array.isArray(parsed.hidden) ? parsed.hidden.filter((h) => typeof h === 'string') : [],
      density: parsed.density === 'large' || parsed.density === 'small' ? parsed.density : 'middle',
    };
  } catch {
    return { hidden: [], density: 'middle' };
  }
}

export function useTableSettings(resource: string) {
  const [settings, setSettings] = useState(() => load(resource));
  useEffect(() => {
    try {
      localStorage.setItem(storageKey(resource), JSON.stringify(settings));
    } catch {
      // Private mode or a full quota: the settings last for this visit only.
    }
  }, [resource, settings]);
  return [settings, setSettings] as const;
}

export function TableSettingsButtons({
  columns,
  settings,
  onChange,
}: {
  columns: { name: string; title: string }[];
  settings: TableSettings;
  onChange: (next: TableSettings) => void;
}) {
  const { t } = useTranslation();
  // null until the first click: the button renders alone, without the popover's code.
  const [pickerOpen, setPickerOpen] = useState<boolean | null>(null);
  const visible = columns.filter((c) => !settings.hidden.includes(c.name)).map((c) => c.name);
  const picker = (
    <Checkbox.Group
      value={visible}
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      data-testid="column-picker"
      onChange={(checked) =>
        onChange({ ...settings, hidden: columns.map((c) => c.name).filter((n) => !checked.includes(n)) })
      }
      options={columns.map((c) => ({ value: c.name, label: c.title }))}
    />
  );
  const columnsButton = (
    <Tooltip title={t('engine.columns')}>
      <Button
        icon={<SettingOutlined />}
        aria-label={t('engine.columns')}
        data-testid="columns"
        onMouseEnter={() => void loadPopover()}
        onClick={pickerOpen === null ? () => setPickerOpen(true) : undefined}
      />
    </Tooltip>
  );
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [settings.density],
          onClick: ({ key }) => onChange({ ...settings, density: key as Density }),
          items: [
            { key: 'large', label: t('engine.densityLarge') },
            { key: 'middle', label: t('engine.densityMiddle') },
            { key: 'small', label: t('engine.densitySmall') },
          ],
        }}
      >
        <Tooltip title={t('engine.density')}>
          <Button icon={<ColumnHeightOutlined />} aria-label={t('engine.density')} data-testid="density" />
        </Tooltip>
      </Dropdown>
      {pickerOpen === null ? (
        columnsButton
      ) : (
        <Suspense fallback={columnsButton}>
          <Popover
            trigger="click"
            placement="bottomRight"
            title={t('engine.columns')}
            content={picker}
            open={pickerOpen}
            onOpenChange={setPickerOpen}
          >
            {columnsButton}
          </Popover>
        </Suspense>
      )}
    </>
  );
}
