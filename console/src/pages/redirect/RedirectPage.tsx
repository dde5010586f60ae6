import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/<path>?<query>` shows `<path>?<query>` again from scratch. */
export default function RedirectPage() {
  const target = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate to={`/${target}${search}`} replace />;
}
