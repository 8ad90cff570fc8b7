import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LabelLike {
  id: number;
  name: string;
  color: string;
}

/** A record's labels as badges with a dot in each label's own colour (dark text keeps the contrast), then `after`. */
export function LabelBadges({ labels, after }: { labels: readonly LabelLike[]; after?: ReactNode }) {
  return (
    <Group gap={4} wrap="wrap">
      {labels.map((label) => (
        <Badge key={label.id} color={label.color} variant="dot" c="dark" tt="none" radius="sm">
          {label.name}
        </Badge>
      ))}
      {after}
    </Group>
  );
}
