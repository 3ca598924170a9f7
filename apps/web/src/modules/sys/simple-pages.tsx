/**
 * The /sys pages that are their definition and nothing more: the engine renders them whole.
 * (login_log and addrPoolFlowList are read-only; blackIp has no switch; resource edits the flag.)
 */
import { addrPoolFlowList } from '@payops/contracts/resources/sys/addr-pool-flow-list';
import { blackIp } from '@payops/contracts/resources/sys/ip-rules';
import { loginLog } from '@payops/contracts/resources/sys/login-log';
import { resource } from '@payops/contracts/resources/sys/resource';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function LoginLogPage() {
  return <ResourcePage def={loginLog} />;
}

export function AddrPoolFlowListPage() {
  return <ResourcePage def={addrPoolFlowList} />;
}

export function BlackIpPage() {
  return <ResourcePage def={blackIp} />;
}

/** The catalogue: permission ids and their needs-a-code flag (the only editable field). */
export function ResourceCataloguePage() {
  return <ResourcePage def={resource} />;
}
