/** Settings drawer (spec §2): menu style, six primary colours, logo / tabs / one-menu toggles. */
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_STYLES, type MenuStyle, PRIMARY_COLORS, useSettings } from '../../lib/settings-store.ts';

const styleLabel: Record<MenuStyle, string> = {
  default: 'settings.styleDefault',
  light: 'settings.styleLight',
  dark: 'settings.styleDark',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '12px 0' }}>
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const flags = [
    ['showLogo', 'settings.showLogo'],
    ['showTabs', 'settings.showTabs'],
    ['singleMenu', 'settings.singleMenu'],
    ['fullContent', 'settings.fullContent'],
  ] as const;

  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} data-testid="settings-drawer">
      <Divider>{t('settings.menuStyle')}</Divider>
      <Radio.Group
        value={settings.theme.style}
        optionType="button"
        buttonStyle="solid"
        onChange={(e) => settings.setTheme({ style: e.target.value as MenuStyle })}
        options={MENU_STYLES.map((style) => ({
          value: style,
          label: <span data-testid={`settings-style-${style}`}>{t(styleLabel[style])}</span>,
        }))}
      />
      <Divider>{t('settings.primaryColor')}</Divider>
      <div style={{ display: 'flex', gap: 8 }}>
        {PRIMARY_COLORS.map((color, i) => (
          <button
            key={color}
            type="button"
            aria-label={color}
            data-testid={`settings-color-${i}`}
            onClick={() => settings.setTheme({ primaryColor: color })}
            style={{
              width: 28,
              height: 28,
              border: 'none',
              borderRadius: 4,
              background: color,
              cursor: 'pointer',
              color: '#fff',
            }}
          >
            {settings.theme.primaryColor === color && <CheckOutlined />}
          </button>
        ))}
      </div>
      <Divider />
      {flags.map(([key, label]) => (
        <Row key={key} label={t(label)}>
          <Switch
            checked={settings[key]}
            onChange={(v) => settings.set({ [key]: v })}
            data-testid={`settings-${key}`}
          />
        </Row>
      ))}
    </Drawer>
  );
}
