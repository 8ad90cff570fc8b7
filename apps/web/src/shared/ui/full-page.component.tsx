import { Center, Stack } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * True inside the signed-in frame: a state page there (not found, an error) keeps the navigation
 * and header and fills only the content area (issue 31).
 */
export const InShellContext = createContext(false);

/** A centred page for the shell's states (loading, errors, maintenance): full-viewport outside the frame. */
export function FullPage({ children }: { children: ReactNode }) {
  const inShell = useContext(InShellContext);
  const content = (
    <Stack align="center" gap="lg" maw={560} ta="center">
      {children}
    </Stack>
  );
  if (inShell) {
    return (
      <Center mih="50vh" p="xl">
        {content}
      </Center>
    );
  }
  return (
    <Center component="main" mih="100vh" p="xl">
      {content}
    </Center>
  );
}
