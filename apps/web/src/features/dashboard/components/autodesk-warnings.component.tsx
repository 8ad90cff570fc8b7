import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyCompany } from '@/lib/api/resources/companies/get-my-company.api.ts';
import { useAutodeskAccount } from '@/lib/api/resources/users/get-autodesk-account.api.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { type AutodeskWarning, autodeskWarnings, readDismissed, writeDismissed } from '../logic/autodesk.logic.ts';
import classes from './dashboard.module.css';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The two dismissible Autodesk warnings (shell.md §2): not connected, or must reconnect; only
 * when the company uses the integration. Dismissal lasts for the browser session. Nothing is
 * shown while loading or when either call fails: these are hints, not content.
 */
export function AutodeskWarnings() {
  const { t } = useTranslation('dashboard');
  const [dismissed, setDismissed] = useState<AutodeskWarning[]>(() => readDismissed(sessionStore()));
  const company = useMyCompany();
  const account = useAutodeskAccount();
  const warnings = autodeskWarnings(company.data?.autodesk_integration, account.data).filter(
    (warning) => !dismissed.includes(warning),
  );
  if (warnings.length === 0) return null;

  const dismiss = (warning: AutodeskWarning) => {
    const next = [...dismissed, warning];
    writeDismissed(sessionStore(), next);
    setDismissed(next);
  };

  return (
    <Stack gap="sm">
      {warnings.map((warning) => (
        <Alert
          key={warning}
          color="yellow"
          variant="light"
          classNames={{ title: classes.warningTitle }}
          icon={<Icon name="alert" />}
          title={t(`autodesk.${warning}.title`)}
          withCloseButton
          closeButtonLabel={t('autodesk.dismiss')}
          onClose={() => dismiss(warning)}
        >
          {t(`autodesk.${warning}.text`)}
        </Alert>
      ))}
    </Stack>
  );
}
