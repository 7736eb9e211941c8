import { Navigate, useSearchParams } from 'react-router';
import { resolveDoAction } from '../navigation';

/** `/do?action={route name}&…` (spec §2): a stable link format for emails and other apps. */
export function DoActionRoute() {
  const [search] = useSearchParams();
  return <Navigate to={resolveDoAction(search)} replace />;
}
