import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-client.ts';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { ErrorPage } from './error.page.tsx';
import { NotFoundPage } from './not-found.page.tsx';

/** An error a screen may throw to pick its route-error screen by HTTP status. */
export class RouteStatusError extends Error {
  readonly status: number;
  readonly statusText: string | undefined;

  constructor(status: number, statusText?: string) {
    super(statusText ?? `HTTP ${status}`);
    this.name = 'RouteStatusError';
    this.status = status;
    this.statusText = statusText;
  }
}

export function statusOf(error: unknown): { status: number | null; statusText?: string } {
  if (error instanceof RouteStatusError) return { status: error.status, statusText: error.statusText };
  if (error instanceof ApiError) return { status: error.status };
  return { status: null };
}

/** shell.md §2: 404 → not-found screen, 403 and 500 → plain text, anything else → error screen. */
export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, statusText } = statusOf(error);

  if (status === 404) return <NotFoundPage statusText={statusText} />;
  if (status === 403 || status === 500) {
    return (
      <FullPage>
        <Text component="h1" size="xl" fw={600}>
          {status === 403 ? t('error.forbidden') : t('error.serverError')}
        </Text>
      </FullPage>
    );
  }
  return <ErrorPage />;
}
