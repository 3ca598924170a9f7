/** The /mch pages for the shell's page registry: route path -> lazy page (each its own chunk). */
import type { PageModule } from '../../app/lazy-pages.ts';

export const mchPages: Record<string, () => PageModule> = {
  '/mch/mchList': () => import('./mch-list-page.tsx').then((m) => ({ default: m.MchListPage })),
  '/mch/mchThirdPayConfig': () =>
    import('./simple-pages.tsx').then((m) => ({ default: m.ThirdPayConfigPage })),
  '/mch/mchThirdAgentPayConfig': () =>
    import('./simple-pages.tsx').then((m) => ({ default: m.ThirdAgentPayConfigPage })),
  '/mch/fund_log': () => import('./simple-pages.tsx').then((m) => ({ default: m.FundLogPage })),
  '/mch/merchantTimeoutConfigPage': () =>
    import('./simple-pages.tsx').then((m) => ({ default: m.MerchantTimeoutPage })),
};
