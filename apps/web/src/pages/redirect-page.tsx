/** `/redirect/{path}`: goes straight to `/{path}` (with its query), the spec's way to re-enter a page. */
import { Navigate, useLocation, useParams } from 'react-router';

export function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
