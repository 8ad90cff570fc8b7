import { Paper, Radio, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { hasPermission, type MyCompany } from '@meshport/contract';
import { useEffect } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { useMyCompany } from '@/lib/api/resources/companies/get-my-company.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { applyServerErrors, formResolver, ImageField, SaveBar, TextField } from '@/shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useSaveMyCompany } from '../api/save-my-company.api.ts';
import { ColorSections } from '../components/color-sections.component.tsx';
import { DemoModelPicker } from '../components/demo-model-picker.component.tsx';
import {
  initialValues,
  type MyCompanyFormValues,
  myCompanyErrorField,
  myCompanyFormSchema,
  previewableColors,
  saveBody,
} from '../logic/my-company-form.logic.ts';

const DETAILS = ['address', 'postal_code', 'country', 'city', 'phone_number', 'website'] as const;
const FIELDS: Path<MyCompanyFormValues>[] = [
  'name',
  ...DETAILS,
  'description',
  'demo_model_id',
  'autodesk_integration',
  'logo',
  'background_image',
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function MyCompanyForm({ company }: { company: MyCompany }) {
  const { t } = useTranslation('company');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { previewColors, reloadCompany } = useTenant();
  const save = useSaveMyCompany();
  const canEdit = hasPermission(user, 'edit-company');
  const form = useForm<MyCompanyFormValues>({
    // A field is checked when left and again on each change after that: a bad hex shows at once.
    mode: 'onTouched',
    defaultValues: initialValues(company),
    resolver: formResolver(myCompanyFormSchema, (field) =>
      field === 'primary_color' || field === 'primary_accent' ? t('colors.invalid') : undefined,
    ),
  });
  const { control, handleSubmit, setError, formState } = form;

  // The colours preview live while editing; leaving the page paints the stored ones again.
  const [mode, primary, accent] = useWatch({ control, name: ['color_mode', 'primary_color', 'primary_accent'] });
  useEffect(() => {
    previewColors(
      previewableColors({ ...form.getValues(), color_mode: mode, primary_color: primary, primary_accent: accent }),
    );
  }, [mode, primary, accent, previewColors, form]);
  useEffect(() => () => previewColors(null), [previewColors]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(saveBody(values, user.admin));
      form.reset(initialValues(saved));
      reloadCompany();
      showBanner({ kind: 'success', text: t('messages.saved'), delay: TOAST_DELAY_MS });
    } catch (error) {
      const { message } = applyServerErrors(
        error,
        (key) => myCompanyErrorField(key, FIELDS) as Path<MyCompanyFormValues> | null,
        setError,
        t('messages.saveFailed'),
      );
      if (message) showBanner({ kind: 'failure', text: message });
    }
  });

  const cancel = () => {
    previewColors(null);
    void navigate(paths.dashboard());
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Section title={t('sections.details')}>
          <TextField control={control} name="name" label={t('fields.name')} required />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {DETAILS.map((name) => (
              <TextField key={name} control={control} name={name} label={t(`fields.${name}`)} />
            ))}
          </SimpleGrid>
          <Controller
            control={control}
            name="description"
            render={({ field, fieldState }) => (
              <Textarea label={t('fields.description')} rows={7} {...field} error={fieldState.error?.message} />
            )}
          />
        </Section>
        <Section title={t('sections.demo_model')}>
          <Controller
            control={control}
            name="demo_model_id"
            render={({ field, fieldState }) => (
              <DemoModelPicker
                value={field.value}
                onChange={field.onChange}
                current={company.demo_model ?? null}
                error={fieldState.error?.message}
              />
            )}
          />
        </Section>
        <ColorSections control={control} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(
            [
              ['logo', company.logo, 'sections.logo'],
              ['background_image', company.background_image, 'sections.background_image'],
            ] as const
          ).map(([name, url, title]) => (
            <Section key={name} title={t(title)}>
              <Controller
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <ImageField
                    label={t(`fields.${name}`)}
                    value={field.value}
                    onChange={field.onChange}
                    currentUrl={url}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Section>
          ))}
        </SimpleGrid>
        {user.admin && (
          <Section title={t('sections.autodesk')}>
            <Controller
              control={control}
              name="autodesk_integration"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label={t('autodesk.label')}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  error={fieldState.error?.message}
                >
                  <Stack gap="xs" mt="xs">
                    <Radio value="no" label={t('autodesk.no')} />
                    <Radio value="yes" label={t('autodesk.yes')} />
                    <Radio value="yes_always_prompt" label={t('autodesk.yes_always_prompt')} />
                  </Stack>
                </Radio.Group>
              )}
            />
          </Section>
        )}
        <SaveBar onCancel={cancel} saving={formState.isSubmitting} disabled={!canEdit} />
      </Stack>
    </form>
  );
}

/** /user/company (administration.md §2): view-company to see it, edit-company to save. */
export function MyCompanyPage() {
  const { t } = useTranslation('company');
  const query = useMyCompany();
  let body: React.ReactNode;
  if (query.isPending) body = <SkeletonRows rows={8} height={36} label={t('loading')} />;
  else if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 403) throw query.error;
    body = <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  } else body = <MyCompanyForm key={query.data.id} company={query.data} />;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      {body}
    </Stack>
  );
}
