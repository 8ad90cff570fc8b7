import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface Props extends ButtonProps {
  /** Why the action is not possible; the button is disabled while this is set. */
  reason: string | null;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A button that stays focusable while disabled so that its tooltip (the reason) can be read by
 * pointer, keyboard and screen reader alike (content.md §4 delete tooltips).
 */
export function DisabledReasonButton({ reason, onClick, children, ...props }: Props) {
  const id = useId();
  if (!reason) {
    return (
      <Button {...props} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip label={reason} id={id} multiline w={280} position="bottom-end" withArrow>
      <Button
        {...props}
        data-disabled
        aria-disabled="true"
        aria-describedby={id}
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
