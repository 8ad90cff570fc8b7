import { NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { adminCompanyCreateSchema, adminCompanyUpdateSchema, LICENCES } from '@meshport/contract';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { applyServerErrors, fieldOf, formResolver, maxLengthOf, SaveBar, TextField } from '@/shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSaveAdminCompany } from '../api/save-admin-company.api.ts';
import type { AdminCompanyFormValues } from '../logic/admin-company-form.logic.ts';

const FIELDS: Path<AdminCompanyFormValues>[] = ['name', 'sub_domain', 'admin_name', 'admin_email'];

/** Create (with the first administrator) or edit a company: name, sub-domain and bought seats. */
export function AdminCompanyForm({ id, initial }: { id: number | null; initial: AdminCompanyFormValues }) {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const { baseDomain } = useTenant();
  const save = useSaveAdminCompany(id);
  const { control, handleSubmit, setError, formState, watch } = useForm<AdminCompanyFormValues>({
    defaultValues: initial,
    // No texts of its own: the contract's are those the server would answer.
    resolver: formResolver(id === null ? adminCompanyCreateSchema : adminCompanyUpdateSchema, () => undefined),
  });
  const subDomain = watch('sub_domain');
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      const text = id === null ? t('admin.form.created', { name: saved.name }) : t('admin.form.updated');
      showBanner({ kind: 'success', text, delay: TOAST_DELAY_MS });
      void navigate(paths.company.admin.list());
    } catch (error) {
      const { message } = applyServerErrors(
        error,
        (key) => {
          if (LICENCES.some((licence) => key === `licences.${licence}`)) return key as Path<AdminCompanyFormValues>;
          const field = fieldOf(key) as Path<AdminCompanyFormValues>;
          return FIELDS.includes(field) ? field : null;
        },
        setError,
        t('admin.form.saveFailed'),
      );
      if (message) showBanner({ kind: 'failure', text: message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <TextField control={control} name="name" label={t('admin.form.name')} required />
            <TextField
              control={control}
              name="sub_domain"
              label={t('admin.form.sub_domain')}
              required
              description={t('admin.form.subDomainHint', { example: `${subDomain || '…'}.${baseDomain}` })}
              maxLength={maxLengthOf(adminCompanyCreateSchema.shape.sub_domain)}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label={t('admin.form.licences')}>
          <Title order={2} size="h4" mb="sm">
            {t('admin.form.licences')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {LICENCES.map((key) => (
              <Controller
                key={key}
                control={control}
                name={`licences.${key}`}
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={t(`admin.licences.${key}`)}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
          </SimpleGrid>
        </Paper>
        {id === null && (
          <Paper withBorder p="md" radius="md" component="section" aria-label={t('admin.form.admin')}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('admin.form.admin')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('admin.form.adminHint')}
              </Text>
              <TextField control={control} name="admin_name" label={t('admin.form.admin_name')} required />
              <Controller
                control={control}
                name="admin_email"
                render={({ field, fieldState }) => (
                  <TextInput
                    type="email"
                    required
                    label={t('admin.form.admin_email')}
                    {...field}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
          </Paper>
        )}
        <SaveBar onCancel={() => void navigate(paths.company.admin.list())} saving={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
