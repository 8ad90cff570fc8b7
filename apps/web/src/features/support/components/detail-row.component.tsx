import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of an overview page. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Text size="sm" fw={600} w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}
