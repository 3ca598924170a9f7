/**
 * Menu icons by @ant-design/icons name (the route table's `icon`). Only the icons the route table
 * names are imported: importing the whole icon set by name would put every icon in the first download.
 */
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import type { ComponentType } from 'react';

const icons: Record<string, ComponentType> = {
  AppstoreOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WalletOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon />;
}
