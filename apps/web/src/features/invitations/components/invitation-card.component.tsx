import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-client.ts';
import { formatDate } from '@/lib/i18n/format.ts';
import { useAnswerInvitation } from '../api/answer-invitation.api.ts';
import type { ReceivedInvitation } from '../api/received-invitations.api.ts';

interface Props {
  invitation: ReceivedInvitation;
  /** The mailed link's token, when the page was opened from this invitation's mail. */
  token: string | null;
  language: string | undefined;
  /** Called once accepted, with the company joined. */
  onJoined: (company: { name: string; sub_domain: string }) => void;
}

/** One invitation: who asks, with which role and licences, until when; Accept and Decline. */
export function InvitationCard({ invitation, token, language, onJoined }: Props) {
  const { t } = useTranslation('invitations');
  const answer = useAnswerInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState<'accept' | 'decline' | null>(null);
  const blocked = invitation.needs_mail_link && token === null;
  const headingId = `invitation-${invitation.id}`;

  const run = async (accept: boolean) => {
    setFailure(null);
    setRunning(accept ? 'accept' : 'decline');
    try {
      const done = await answer.mutateAsync(
        accept
          ? { id: invitation.id, accept: true, ...(token ? { token } : {}) }
          : { id: invitation.id, accept: false },
      );
      if (done.company) onJoined(done.company);
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.body.message ?? t('failed')) : t('failed'));
    } finally {
      setRunning(null);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" w="100%" ta="left" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('from', { company: invitation.company.name })}
        </Title>
        <Text size="sm">{t('role', { role: invitation.role_title })}</Text>
        {invitation.licenses.length > 0 && (
          <Group gap={4} aria-label={t('licences')}>
            {invitation.licenses.map((licence) => (
              <Badge key={licence} variant="light" size="sm">
                {t(`security:licences.${licence}`, { defaultValue: licence })}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('expires', {
            date: formatDate(invitation.expires_at, { locale: language }),
          })}
        </Text>
        {blocked && (
          <Alert color="yellow" variant="light">
            {t('needsMailLink')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => void run(false)}
            loading={running === 'decline'}
            disabled={running !== null}
          >
            {t('decline')}
          </Button>
          <Button
            color="brand"
            onClick={() => void run(true)}
            loading={running === 'accept'}
            disabled={blocked || running !== null}
          >
            {t('accept')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** After accepting: where the new company is. */
export function JoinedNotice({ company, href }: { company: string; href: string }) {
  const { t } = useTranslation('invitations');
  return (
    <Alert color="green" variant="light" role="status" w="100%" ta="left">
      <Stack gap={4}>
        <Text size="sm">{t('joined', { company })}</Text>
        <Anchor href={href}>{t('open', { company })}</Anchor>
      </Stack>
    </Alert>
  );
}
