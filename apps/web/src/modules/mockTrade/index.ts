/** The simulator's pages for the shell's page registry: route path -> lazy page. */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const orderTest = pagesOf(() => import('./order-test-page.tsx'));
const tradeMock = pagesOf(() => import('./trade-mock-page.tsx'));

export const mockTradePages: Record<string, () => PageModule> = {
  '/mockOrderTest/mockOrderTestSon': orderTest('MockOrderTestPage'),
  '/tradeMock/tradeMockSon': tradeMock('TradeMockPage'),
};
