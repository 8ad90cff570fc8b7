import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/icons.component.tsx';
import type { LinkTarget, RowActionDeclaration } from './resource-list.types.ts';

export function linkProps(target: LinkTarget): { to: string; state?: unknown } {
  return typeof target === 'string' ? { to: target } : target;
}

interface RowMenuEntriesProps<R> {
  row: R;
  /** The row actions the user may use (permissions already checked). */
  actions: RowActionDeclaration<R>[];
  onAction: (action: RowActionDeclaration<R>, row: R) => void;
}

interface RowMenuProps<R> extends Omit<RowMenuEntriesProps<R>, 'onAction'> {
  name: string;
  /** `trigger` is the menu's button: the focus goes back to it when the action's dialog closes. */
  onAction: (action: RowActionDeclaration<R>, row: R, trigger: HTMLElement | null) => void;
}

/** Whether a row has an entry to show in its menu. */
export function hasRowActions<R>(row: R, actions: RowActionDeclaration<R>[]): boolean {
  return actions.some((action) => !action.hidden?.(row));
}

/** The entries of a row's menu (three-dot or context menu); a disabled entry says why in its tooltip. */
export function RowMenuEntries<R>({ row, actions, onAction }: RowMenuEntriesProps<R>) {
  return (
    <>
      {actions
        .filter((action) => !action.hidden?.(row))
        .map((action) => {
          const disabled = action.disabled?.(row) ?? false;
          const tooltip = disabled ? action.tooltip?.(row) : null;
          if (action.to && !disabled) {
            const link = linkProps(action.to(row));
            return (
              <Menu.Item
                key={action.id}
                component={Link}
                to={link.to}
                state={link.state}
                color={menuItemColor(action.color)}
              >
                {action.label}
              </Menu.Item>
            );
          }
          const item = (
            <Menu.Item
              key={action.id}
              color={menuItemColor(action.color)}
              // data-disabled (not disabled) keeps the entry hoverable, so that its tooltip shows.
              disabled={disabled && !tooltip}
              data-disabled={disabled || undefined}
              aria-description={tooltip ?? undefined}
              onClick={disabled ? undefined : () => onAction(action, row)}
            >
              {action.label}
            </Menu.Item>
          );
          if (!tooltip) return item;
          return (
            <Tooltip key={action.id} label={tooltip} position="left" multiline maw={280} withinPortal>
              {item}
            </Tooltip>
          );
        })}
    </>
  );
}

/** The three-dot menu of a row or card. */
export function RowMenu<R>({ row, name, actions, onAction }: RowMenuProps<R>) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  if (!hasRowActions(row, actions)) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon ref={button} variant="subtle" color="gray" aria-label={t('resourceList.rowActionsFor', { name })}>
          <Icon name="dots" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <RowMenuEntries
          row={row}
          actions={actions}
          onAction={(action, chosen) => onAction(action, chosen, button.current)}
        />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A menu entry's text colour: Mantine's plain shades (red-6 on white, 3.3:1) fail the 4.5:1 of
 * WCAG AA, so a colour name is drawn in its darkest shade; explicit values stay as given.
 */
export function menuItemColor(color: string | undefined): string | undefined {
  return color && /^[a-z]+$/.test(color) ? `var(--mantine-color-${color}-9)` : color;
}
