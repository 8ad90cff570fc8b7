import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's metadata as term and value pairs (a description list). */
export function MetaList({ items }: { items: { term: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <Stack key={item.term} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.term}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
