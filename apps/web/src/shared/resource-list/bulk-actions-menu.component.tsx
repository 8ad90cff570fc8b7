import { Button, Group, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons.component.tsx';
import type { BulkActionDeclaration } from './resource-list.types.ts';
import { menuItemColor } from './row-menu.component.tsx';

interface BulkActionsMenuProps<R> {
  actions: BulkActionDeclaration<R>[];
  selected: R[];
  onAction: (action: BulkActionDeclaration<R>) => void;
  onClear: () => void;
}

/** The Actions menu for the checked rows, with how many are checked. */
export function BulkActionsMenu<R>({ actions, selected, onAction, onClear }: BulkActionsMenuProps<R>) {
  const { t } = useTranslation();
  const count = selected.length;
  const available = actions.filter((action) => action.available?.(selected) ?? true);
  return (
    <Group gap="sm">
      <Menu position="bottom-start" withinPortal shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            disabled={count === 0 || available.length === 0}
            rightSection={<Icon name="chevronDown" size={14} />}
          >
            {t('resourceList.actions')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {available.map((action) => (
            <Menu.Item key={action.id} color={menuItemColor(action.color)} onClick={() => onAction(action)}>
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {count > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('resourceList.selected', { count })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {t('resourceList.clearSelection')}
          </Button>
        </>
      )}
    </Group>
  );
}
