/**
 * The /sys pages for the shell's page registry: route path -> lazy page. Each import() is its own
 * chunk, so no page's code (nor antd's Table and DatePicker) is part of the first download.
 */
import type { PageModule } from '../../app/lazy-pages.ts';

export const sysPages: Record<string, () => PageModule> = {
  '/sys/user': () => import('./user-page.tsx').then((m) => ({ default: m.UserPage })),
  '/sys/role': () => import('./role-page.tsx').then((m) => ({ default: m.RolePage })),
  '/sys/resource': () => import('./simple-pages.tsx').then((m) => ({ default: m.ResourceCataloguePage })),
  '/sys/opearlog': () => import('./opearlog-page.tsx').then((m) => ({ default: m.OpearlogPage })),
  '/sys/login_log': () => import('./simple-pages.tsx').then((m) => ({ default: m.LoginLogPage })),
  '/sys/addrPool': () => import('./addr-pool-page.tsx').then((m) => ({ default: m.AddrPoolPage })),
  '/sys/addrPoolFlowList': () =>
    import('./simple-pages.tsx').then((m) => ({ default: m.AddrPoolFlowListPage })),
  '/sys/blackIp': () => import('./simple-pages.tsx').then((m) => ({ default: m.BlackIpPage })),
  '/sys/whiteIp': () => import('./white-ip-page.tsx').then((m) => ({ default: m.WhiteIpPage })),
  '/sys/sysBackConfig': () =>
    import('./sys-back-config-page.tsx').then((m) => ({ default: m.SysBackConfigPage })),
  '/sys/message': () => import('./message-page.tsx').then((m) => ({ default: m.MessagePage })),
};
