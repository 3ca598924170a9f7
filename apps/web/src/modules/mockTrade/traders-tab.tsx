/** The simulator page's automatic traders tab: loaded when opened (its definition with it). */
import { tradeMockTraders } from '@payops/contracts/resources/mockTrade/mock-traders';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext } from '../../engine/types.ts';
import { Live } from './live.tsx';

const overrides = { header: (ctx: PageContext) => <Live ctx={ctx} /> };

export function TradersTab() {
  return <ResourcePage def={tradeMockTraders} overrides={overrides} />;
}
