import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  type ShareLinkRow,
  type ShareLinkStatus,
  shareLinkCreateSchema,
} from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { applyServerErrors, formResolver, requiredMessage } from '@/shared/forms/index.ts';
import { useCreateShareLink } from '../api/create-share-link.api.ts';
import { type ShareSubject, useShareLinks } from '../api/get-share-links.api.ts';
import { useRevokeShareLink } from '../api/revoke-share-link.api.ts';

interface ShareFormValues {
  project_model_id?: number;
  design_id?: number;
  expires_in_days: number;
  password: string;
  allow_configure: boolean;
}

const STATUS_COLORS: Record<ShareLinkStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };
const FIELDS = ['expires_in_days', 'password', 'allow_configure'] as const;

/** The links of the subject: opens, expiry, status, and Revoke for an active one. */
function ShareLinkTable({ subject }: { subject: ShareSubject }) {
  const { t } = useTranslation('projects');
  const links = useShareLinks(subject, true);
  const revoke = useRevokeShareLink();
  const rows = links.data ?? [];
  if (links.isPending) return null;
  if (rows.length === 0) return <Text size="sm">{t('share.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label={t('share.existing')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('share.created')}</Table.Th>
            <Table.Th>{t('share.expires')}</Table.Th>
            <Table.Th>{t('share.opens')}</Table.Th>
            <Table.Th>{t('share.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('share.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((link: ShareLinkRow) => (
            <Table.Tr key={link.id}>
              <Table.Td>
                {formatDateTime(link.created_at)}
                {link.created_by && (
                  <Text size="xs" c="dimmed">
                    {link.created_by.name}
                    {link.has_password ? ` · ${t('share.protected')}` : ''}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(link.expires_at)}</Table.Td>
              <Table.Td>{link.opens}</Table.Td>
              <Table.Td>
                <Badge
                  color={STATUS_COLORS[link.status]}
                  variant="dot"
                  c="dark"
                  miw="fit-content"
                  // A label that may not overflow counts its whole text in the column's width (no "ACTI…").
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {t(`share.statuses.${link.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {link.status === 'active' && (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={revoke.isPending && revoke.variables === link.id}
                    onClick={() => revoke.mutate(link.id)}
                    aria-label={t('share.revokeOf', { date: formatDateTime(link.created_at) })}
                  >
                    {t('share.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Share a model or a design by a link (issue 30): expiry, an optional password and whether the visitor may switch
 * finishes; the created link is shown once with a Copy button; the subject's links are listed with Revoke.
 */
export function ShareLinkDialog({
  subject,
  opened,
  onClose,
}: {
  subject: ShareSubject;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const create = useCreateShareLink();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShareFormValues>({
    defaultValues: { ...subject, expires_in_days: SHARE_LINK_DEFAULT_DAYS, password: '', allow_configure: true },
    resolver: formResolver(shareLinkCreateSchema, requiredMessage(t('share.required'))),
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync({ ...values, ...subject });
      setUrl(created.url);
      form.reset({ ...values, password: '' });
    } catch (error) {
      setFailure(applyServerErrors(error, [...FIELDS], form.setError, t('share.failed')).message);
    }
  });
  const close = () => {
    setUrl(null);
    setFailure(null);
    onClose();
  };
  const { errors } = form.formState;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('share.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('share.close') }}
    >
      <Stack gap="lg">
        {url && (
          <Alert color="teal" variant="light" role="status">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('share.onlyOnce')}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput value={url} readOnly aria-label={t('share.link')} style={{ flex: 1 }} data-share-url="" />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} color={copied ? 'teal' : undefined}>
                      {copied ? t('share.copied') : t('share.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Controller
              control={form.control}
              name="expires_in_days"
              render={({ field }) => (
                <NumberInput
                  label={t('share.days')}
                  min={1}
                  max={SHARE_LINK_MAX_DAYS}
                  allowDecimal={false}
                  value={field.value}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
                  onBlur={field.onBlur}
                  error={errors.expires_in_days?.message}
                />
              )}
            />
            <PasswordInput
              label={t('share.password')}
              description={t('share.passwordHint')}
              autoComplete="new-password"
              {...form.register('password')}
              error={errors.password?.message}
            />
            <Checkbox
              label={t('share.allowConfigure')}
              {...form.register('allow_configure')}
              error={errors.allow_configure?.message}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('share.create')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('share.existing')}
          </Title>
          <ShareLinkTable subject={subject} />
        </Stack>
      </Stack>
    </Modal>
  );
}
