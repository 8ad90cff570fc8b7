import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useAuth } from '@/lib/session/auth.context.ts';
import { applyServerErrors, ConfirmDialog, formResolver, SaveBar, toFormData } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { type MyAccount, useMyAccount } from '../api/get-my-account.api.ts';
import { useSaveMyAccount } from '../api/save-my-account.api.ts';
import { ActivityTab } from '../components/activity-tab.component.tsx';
import { AutodeskCard } from '../components/autodesk-card.component.tsx';
import { DetailsTab } from '../components/details-tab.component.tsx';
import { NotificationSettings } from '../components/notification-settings.component.tsx';
import { PasswordForm } from '../components/password-form.component.tsx';
import {
  initialValues,
  type MyAccountFormValues,
  type MyAccountTab,
  parseTab,
  placeServerErrors,
  saveBody,
  tabOf,
  wantsEmailChange,
  wantsPasswordChange,
} from '../logic/my-account-form.logic.ts';
import { changedSettings, type SettingsState, settingsState } from '../logic/notification-settings.logic.ts';

const detailsSchema = z.object({
  name: z.string().trim().min(1),
  username: z.string().trim().min(1),
  email: z.string().trim().min(1).pipe(z.email()),
});

/** /user/profile: Details, Activity and Settings, one Save for the whole account (administration.md §2). */
export function MyAccountPage() {
  const { t } = useTranslation('account');
  const query = useMyAccount();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {query.isPending ? (
        <SkeletonRows rows={6} height={36} label={t('loading')} />
      ) : query.isError ? (
        <ForbiddenOrError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <MyAccountForm account={query.data} />
      )}
    </Stack>
  );
}

function ForbiddenOrError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // The route's error screen shows the Forbidden page.
  if (error instanceof ApiError && error.status === 403) throw error;
  return <PanelError error={error} onRetry={onRetry} />;
}

function MyAccountForm({ account }: { account: MyAccount }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const setTab = (next: MyAccountTab) => setParams({ tab: next }, { replace: true });
  const save = useSaveMyAccount();
  const [loadedSettings, setLoadedSettings] = useState<SettingsState>(() => settingsState(account.settings));
  const [settings, setSettings] = useState<SettingsState>(loadedSettings);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const form = useForm<MyAccountFormValues>({
    defaultValues: initialValues(account),
    resolver: formResolver<MyAccountFormValues>(detailsSchema.loose(), (field, code) =>
      t(code === 'too_small' ? 'errors.required' : 'errors.invalid', { field: t(`details.${field}`) }),
    ),
  });
  const { control, handleSubmit, setError, reset, getValues } = form;

  /** A failed save opens the tab of its first field, so that the message is seen. */
  const openTabOf = (field: keyof MyAccountFormValues | undefined) => {
    if (field && tabOf(field) !== tab) setTab(tabOf(field));
  };

  const submit = async (values: MyAccountFormValues) => {
    const body = saveBody(values, changedSettings(loadedSettings, settings), account.email);
    try {
      const answer = await save.mutateAsync(toFormData(body, { method: 'PATCH' }));
      if (answer.metadata === 'success_and_logged_out_all_devices') {
        await logout();
        await navigate(paths.login(), { replace: true });
        return;
      }
      const next = settingsState(answer.data.settings);
      setLoadedSettings(next);
      setSettings(next);
      reset(initialValues(answer.data));
      // The address changes once the link mailed to it is followed: say where it went, and leave it up.
      if (answer.pending_email && wantsEmailChange(values, account.email)) {
        showBanner({ kind: 'success', text: t('details.emailPending', { email: answer.pending_email }) });
      } else {
        showBanner({ kind: 'success', text: t('saved'), delay: TOAST_DELAY_MS, life: SHORT_BANNER_LIFE_MS });
      }
    } catch (error) {
      const forEmailOnly = wantsEmailChange(values, account.email) && !wantsPasswordChange(values);
      const { fields, message } = applyServerErrors(
        error,
        (key, messages) => {
          const placed = placeServerErrors({ [key]: messages }, forEmailOnly).fields;
          return Object.keys(placed).length > 0 ? placed : null;
        },
        setError,
        t('saveFailed'),
      );
      openTabOf(fields[0] as keyof MyAccountFormValues | undefined);
      if (message) showBanner({ kind: 'failure', text: message });
    }
  };

  const onValid = (values: MyAccountFormValues) => {
    if (wantsPasswordChange(values) && values.logout_all_devices) setConfirmLogout(true);
    else void submit(values);
  };

  return (
    <form
      onSubmit={handleSubmit(onValid, (errors) => openTabOf(Object.keys(errors)[0] as keyof MyAccountFormValues))}
      noValidate
    >
      <Tabs value={tab} onChange={(value) => setTab(parseTab(value))} keepMounted>
        <Tabs.List mb="lg">
          <Tabs.Tab value="details">{t('tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="activity">{t('tabs.activity')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <DetailsTab
            control={control}
            name={account.name}
            profileImage={account.profile_image}
            loadedEmail={account.email}
          />
        </Tabs.Panel>
        <Tabs.Panel value="activity">{tab === 'activity' && <ActivityTab />}</Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack gap="xl">
            <AutodeskCard />
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('settings.notifications')}
              </Title>
              <NotificationSettings groups={account.settings} value={settings} onChange={setSettings} />
            </Stack>
            <PasswordForm control={control} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <SaveBar onCancel={() => void navigate(paths.dashboard())} saving={save.isPending} />
      <ConfirmDialog
        opened={confirmLogout}
        text={t('password.confirmLogoutAll')}
        confirmLabel={t('password.confirmLogoutAllButton')}
        danger
        loading={save.isPending}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          void submit(getValues());
        }}
      />
    </form>
  );
}
