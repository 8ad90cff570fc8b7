import { Badge } from '@mantine/core';
import type { RecordStatus } from '@meshport/contract';
import { useTranslation } from 'react-i18next';

/** A record status as a dot badge in the status's own colour. */
export function StatusLabel({ status, color }: { status: RecordStatus; color: string }) {
  const { t } = useTranslation('materials');
  return (
    <Badge variant="dot" color={color} c="dark" miw="fit-content">
      {t(`status.${status}`)}
    </Badge>
  );
}
