/**
 * The simulator's action permissions (its pages' list permissions come from the route table). Its
 * calls live at the spec's paths (/mockTrade/*), not under a resource's api, so they are declared here.
 */
import { registerPermissions } from '../../permissions.ts';

export const MockPermission = {
  /** Place, take, pay, confirm, cancel and dispute as the sandbox's traders. */
  trade: 'tradeMock.tradeMockSon.trade',
  /** Resolve a sandbox trade's dispute as the operator. */
  resolve: 'tradeMock.tradeMockSon.resolve',
  /** Start and stop the automatic buyers and sellers. */
  traders: 'tradeMock.tradeMockSon.traders',
  /** Set and delete the sandbox's mock exchange rates. */
  rate: 'tradeMock.tradeMockSon.rate',
  /** Place a test deposit or withdrawal through the merchant API as the sandbox merchant. */
  placeTest: 'mockOrderTest.mockOrderTestSon.place',
} as const;

const TRADE_PAGE = '/tradeMock/tradeMockSon';
registerPermissions([
  { id: MockPermission.trade, kind: 'action', page: TRADE_PAGE, needsCode: false },
  { id: MockPermission.resolve, kind: 'action', page: TRADE_PAGE, needsCode: false },
  { id: MockPermission.traders, kind: 'action', page: TRADE_PAGE, needsCode: false },
  { id: MockPermission.rate, kind: 'action', page: TRADE_PAGE, needsCode: false },
  { id: MockPermission.placeTest, kind: 'action', page: '/mockOrderTest/mockOrderTestSon', needsCode: false },
]);
