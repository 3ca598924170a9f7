/** An address cell that opens the flows of that address (/order/addressFlow filtered on `field`). */
import { Link } from 'react-router';

export function addressFlowLink(field: 'address' | 'fromAddress' | 'toAddress') {
  return (value: unknown) =>
    value ? (
      <Link to={`/order/addressFlow?${field}=${encodeURIComponent(String(value))}`}>{String(value)}</Link>
    ) : (
      '-'
    );
}
