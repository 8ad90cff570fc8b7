import { Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred, full-viewport page for the shell's states (loading, errors, maintenance). */
export function FullPage({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" gap="lg" maw={560} ta="center">
        {children}
      </Stack>
    </Center>
  );
}
