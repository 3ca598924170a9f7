/**
 * Settings -> antd configuration. The spec's four sizes come from the old Element UI console
 * (default 40 px, medium 36, small 32, mini 28 controls); antd has three control heights
 * (large 40, middle 32, small 24). So default -> large, medium -> medium, small -> small, and mini ->
 * small plus the compact algorithm, which also tightens paddings, margins and font sizes: that is
 * what distinguished mini from small in the old console (denser tables), which a control height
 * alone cannot give.
 */

import type { ThemeConfig } from 'antd/es/config-provider/context';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import theme from 'antd/es/theme';
import { reducedMotion } from '../lib/motion.ts';
import type { ThemeSettings, UiSize } from '../lib/settings-store.ts';

const componentSizes: Record<UiSize, SizeType> = {
  default: 'large',
  medium: 'medium',
  small: 'small',
  mini: 'small',
};

export function componentSize(size: UiSize): SizeType {
  return componentSizes[size];
}

export function themeConfig(size: UiSize, settings: ThemeSettings): ThemeConfig {
  return {
    algorithm: size === 'mini' ? [theme.defaultAlgorithm, theme.compactAlgorithm] : theme.defaultAlgorithm,
    token: { colorPrimary: settings.primaryColor, borderRadius: 4, motion: !reducedMotion() },
  };
}

/** The header's algorithm under the dark menu style, keeping mini's compactness. */
export function darkAlgorithm(size: UiSize) {
  return size === 'mini' ? [theme.darkAlgorithm, theme.compactAlgorithm] : theme.darkAlgorithm;
}

/** Side menu colours for the menu style: default and dark use a dark menu, light a light one. */
export function menuTheme(settings: ThemeSettings): 'light' | 'dark' {
  return settings.style === 'light' ? 'light' : 'dark';
}
