import { useLayoutEffect, useRef } from 'react';
import { focusIsLost, type Opener, openerOf, returnTarget } from './opener-focus.logic.ts';

/**
 * Gives the focus back to what opened a dialog when it closes (Escape, Cancel or done): the
 * button, the menu's button for a menu entry, or the row when the button is gone. Pair it with
 * `returnFocus={false}` on the Mantine modal.
 */
export function useReturnFocus(opened: boolean): void {
  const opener = useRef<Opener | null>(null);
  const wasOpened = useRef(false);
  // A layout effect: it runs before the modal's focus trap moves the focus into the dialog.
  useLayoutEffect(() => {
    if (opened === wasOpened.current) return;
    wasOpened.current = opened;
    if (opened) {
      opener.current = openerOf(document.activeElement);
      return;
    }
    const remembered = opener.current;
    opener.current = null;
    if (remembered === null) return;
    // After the dialog's own render: its buttons may still hold the focus until then.
    window.setTimeout(() => {
      if (!focusIsLost(document.activeElement)) return;
      returnTarget(remembered)?.focus({ preventScroll: false });
    }, 0);
  }, [opened]);
}
