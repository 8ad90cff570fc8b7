import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/icons.component.tsx';
import type { LinkTarget, RowActionDeclaration } from './resource-list.types.ts';

export function linkProps(target: LinkTarget): { to: string; state?: unknown } {
  return typeof target === 'string' ? { to: target } : target;
}

interface RowMenuProps<R> {
  row: R;
  name: string;
  /** The row actions the user may use (permissions already checked). */
  actions: RowActionDeclaration<R>[];
  onAction: (action: RowActionDeclaration<R>, row: R) => void;
}

/** The three-dot menu of a row or card; a disabled entry says why in its tooltip. */
export function RowMenu<R>({ row, name, actions, onAction }: RowMenuProps<R>) {
  const { t } = useTranslation();
  const shown = actions.filter((action) => !action.hidden?.(row));
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('resourceList.rowActionsFor', { name })}>
          <Icon name="dots" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map((action) => {
          const disabled = action.disabled?.(row) ?? false;
          const tooltip = disabled ? action.tooltip?.(row) : null;
          if (action.to && !disabled) {
            const link = linkProps(action.to(row));
            return (
              <Menu.Item key={action.id} component={Link} to={link.to} state={link.state} color={action.color}>
                {action.label}
              </Menu.Item>
            );
          }
          const item = (
            <Menu.Item
              key={action.id}
              color={action.color}
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
      </Menu.Dropdown>
    </Menu>
  );
}
