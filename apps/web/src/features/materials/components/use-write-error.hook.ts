import { useTranslation } from 'react-i18next';
import { writeErrorText } from '../logic/error-text.logic.ts';

/** Turns a failed write into the text of a failure banner. */
export function useWriteError(): (error: unknown) => string {
  const { t } = useTranslation('materials');
  return (error) =>
    writeErrorText(error, { noResponse: t('common:errors.noResponse'), fallback: t('form.saveFailed') });
}
