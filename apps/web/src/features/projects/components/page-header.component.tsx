import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/shared/ui/icons.component.tsx';

interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}

/** Heading of a project screen: an optional way back, the title, and the screen's buttons. */
export function PageHeader({ title, subtitle, back, actions }: PageHeaderProps) {
  return (
    <Stack gap={4}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" w="fit-content" className="touch-target">
          <Group gap={4} wrap="nowrap">
            <Icon name="chevronLeft" size={14} />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
