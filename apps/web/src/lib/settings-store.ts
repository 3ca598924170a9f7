/**
 * App settings of spec §3 (collapse, fullscreen content, logo, tabs, single menu, size, language,
 * theme), persisted under the spec's key `vuex`.
 */
import type { Locale } from '@payops/contracts/api';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { SETTINGS_KEY } from './storage-keys.ts';

export type UiSize = 'default' | 'medium' | 'small' | 'mini';
export type MenuStyle = 'default' | 'light' | 'dark';

export const UI_SIZES: readonly UiSize[] = ['default', 'medium', 'small', 'mini'];
export const MENU_STYLES: readonly MenuStyle[] = ['default', 'light', 'dark'];
/** The six primary colours of the settings drawer. */
export const PRIMARY_COLORS: readonly string[] = [
  '#1677ff',
  '#722ed1',
  '#13c2c2',
  '#52c41a',
  '#fa541c',
  '#eb2f96',
];

export interface ThemeSettings {
  style: MenuStyle;
  primaryColor: string;
  menuType: 'side';
}

export interface SettingsState {
  collapse: boolean;
  fullContent: boolean;
  showLogo: boolean;
  showTabs: boolean;
  singleMenu: boolean;
  size: UiSize;
  language: Locale;
  theme: ThemeSettings;
  set: (patch: Partial<Omit<SettingsState, 'set' | 'setTheme'>>) => void;
  setTheme: (patch: Partial<ThemeSettings>) => void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      collapse: false,
      fullContent: false,
      showLogo: true,
      showTabs: true,
      singleMenu: true,
      size: 'mini',
      language: 'zh-CN',
      theme: { style: 'default', primaryColor: PRIMARY_COLORS[0] ?? '#1677ff', menuType: 'side' },
      set: (patch) => set(patch),
      setTheme: (patch) => set((s) => ({ theme: { ...s.theme, ...patch } })),
    }),
    {
      name: SETTINGS_KEY,
      partialize: ({ set: _set, setTheme: _setTheme, ...rest }) => rest,
    },
  ),
);

export const getLanguage = (): Locale => useSettings.getState().language;
