import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';

interface HistoryState {
  idx?: number;
}

/** One step back in history (the location state travels with it); home when there is none. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onBack = () => {
    const state = window.history.state as HistoryState | null;
    if (state?.idx && state.idx > 0) void navigate(-1);
    else void navigate(paths.dashboard());
  };
  return <Button onClick={onBack}>{t('actions.back')}</Button>;
}
