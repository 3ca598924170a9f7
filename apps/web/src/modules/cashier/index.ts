/** The wallet's cashier pages for the shell's page registry (staff only: the menu and the server). */
import type { PageModule } from '../../app/lazy-pages.ts';

export const cashierPages: Record<string, () => PageModule> = {
  '/wallet/counterPaymentPage': () =>
    import('./cashier-pages.tsx').then((m) => ({ default: m.CounterPaymentPage })),
  '/wallet/counterPaymentSmsPage': () =>
    import('./cashier-pages.tsx').then((m) => ({ default: m.CounterPaymentSmsPage })),
  '/wallet/counterPaymenLogtPage': () =>
    import('./cashier-pages.tsx').then((m) => ({ default: m.CounterPaymentLogPage })),
};
