/**
 * Trade market pages (contracts resources/trade): the market's members. Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import { tradeMemberList } from '@payops/contracts/resources/trade/trade-members';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const TradeMemberPage = () => <ResourcePage def={tradeMemberList} />;
