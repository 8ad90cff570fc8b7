import { Menu } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowActionDeclaration } from './resource-list.types.ts';
import { RowMenuEntries } from './row-menu.component.tsx';

/** Where and for which row the context menu opens; `trigger` gets the focus back when it closes. */
export interface ContextMenuRequest<R> {
  row: R;
  x: number;
  y: number;
  trigger: HTMLElement | null;
  /** Counts the openings: a new one opens a fresh menu at its own point. */
  serial: number;
}

/** Handlers a card or table row spreads to open the context menu. */
export interface ContextMenuTriggerProps {
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onMouseDown: (event: MouseEvent<HTMLElement>) => void;
}

/** The key that opens a context menu from the keyboard: the ContextMenu key or Shift+F10. */
export function isContextMenuKey(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10');
}

/**
 * A browser may send its own `contextmenu` after the key as well; that one is ignored for this
 * long, unless a mouse button went down since (a real right-click).
 */
const KEYBOARD_ECHO_MS = 400;

/**
 * The state of a list's context menu: right-click on a row or card opens it at the pointer,
 * Shift+F10 or the ContextMenu key on a focused element in it opens it below that element.
 */
export function useRowContextMenu<R>() {
  const [request, setRequest] = useState<ContextMenuRequest<R> | null>(null);
  const serial = useRef(0);
  const keyboardAt = useRef(0);
  const current = useRef<ContextMenuRequest<R> | null>(null);
  const open = useCallback((row: R, x: number, y: number, trigger: HTMLElement | null) => {
    serial.current += 1;
    current.current = { row, x, y, trigger, serial: serial.current };
    setRequest(current.current);
  }, []);
  const triggerProps = useCallback(
    (row: R): ContextMenuTriggerProps => ({
      onContextMenu: (event) => {
        if (event.defaultPrevented) return;
        event.preventDefault();
        if (Date.now() - keyboardAt.current < KEYBOARD_ECHO_MS) return;
        open(row, event.clientX, event.clientY, event.currentTarget);
      },
      onKeyDown: (event) => {
        if (!isContextMenuKey(event)) return;
        event.preventDefault();
        keyboardAt.current = Date.now();
        const target = event.target as HTMLElement;
        const rect = target.getBoundingClientRect();
        // After this keydown has passed: the menu closes on a key pressed outside it, this one included.
        setTimeout(() => open(row, rect.left + Math.min(rect.width / 2, 24), rect.bottom, target), 0);
      },
      onMouseDown: () => {
        keyboardAt.current = 0;
      },
    }),
    [open],
  );
  const close = useCallback(() => {
    const trigger = current.current?.trigger;
    current.current = null;
    setRequest(null);
    if (trigger?.isConnected) trigger.focus();
  }, []);
  return { request, triggerProps, close };
}

interface RowContextMenuProps<R> {
  request: ContextMenuRequest<R> | null;
  rowLabel: (row: R) => string;
  /** The row actions the user may use (permissions already checked). */
  actions: RowActionDeclaration<R>[];
  onAction: (action: RowActionDeclaration<R>, row: R) => void;
  onClose: () => void;
}

/** The context menu at the pointer: the same entries as the row's three-dot menu. */
export function RowContextMenu<R>({ request, rowLabel, actions, onAction, onClose }: RowContextMenuProps<R>) {
  const { t } = useTranslation();
  if (!request || !actions.some((action) => !action.hidden?.(request.row))) return null;
  return (
    <Menu
      key={request.serial}
      opened
      onChange={(opened) => {
        if (!opened) onClose();
      }}
      position="bottom-start"
      offset={2}
      withinPortal
      shadow="md"
      returnFocus={false}
    >
      <Menu.Target>
        <span
          aria-hidden="true"
          data-context-menu-anchor=""
          style={{ position: 'fixed', left: request.x, top: request.y, width: 0, height: 0, pointerEvents: 'none' }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={t('resourceList.rowActionsFor', { name: rowLabel(request.row) })}>
        <RowMenuEntries row={request.row} actions={actions} onAction={onAction} />
      </Menu.Dropdown>
    </Menu>
  );
}
