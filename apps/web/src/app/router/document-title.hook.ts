import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { ROUTES } from './route-table.config.ts';

export const NOT_FOUND_TITLE = 'titles.notFound';

/** The title key of the route table entry for a path; unmatched paths are the 404 screen. */
export function titleKeyFor(pathname: string): string {
  return ROUTES.find((route) => matchPath(route.path, pathname))?.title ?? NOT_FOUND_TITLE;
}

/** `Page | Tenant` (or the product name without a tenant), for every route. */
export function useDocumentTitle(override?: string): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { company } = useTenant();
  const page = t(override ?? titleKeyFor(pathname));
  const site = company?.name ?? t('app.name');

  useEffect(() => {
    document.title = `${page} | ${site}`;
  }, [page, site]);
}
