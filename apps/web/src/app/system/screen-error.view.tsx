import type { RouteId } from '@/lib/paths/paths.ts';
import { RECORD_ROUTES } from '../router/record-routes.config.ts';
import { RecordNotFoundView } from './record-not-found.view.tsx';
import { RouteErrorView, statusOf } from './route-error.view.tsx';

/** A failed screen inside the frame: a missing record of a record route, else the route-error screen by status. */
export default function ScreenErrorView({ id, error }: { id: RouteId; error: unknown }) {
  const { status } = statusOf(error);
  const record = RECORD_ROUTES[id];
  if (record && (status === 404 || status === 403)) return <RecordNotFoundView record={record} />;
  return <RouteErrorView error={error} />;
}
