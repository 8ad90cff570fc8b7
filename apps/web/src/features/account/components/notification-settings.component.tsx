import { Accordion, Checkbox, ScrollArea, Stack } from '@mantine/core';
import type { NotificationSettingGroup } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import {
  type Channel,
  categoryState,
  type SettingsState,
  setItem,
  toggleCategory,
} from '../logic/notification-settings.logic.ts';

/** administration.md §9: accordion panels are capped at 500 px. */
const PANEL_MAX_HEIGHT = 500;
const CHANNELS: readonly Channel[] = ['email', 'browser'];

interface NotificationSettingsProps {
  groups: readonly NotificationSettingGroup[];
  value: SettingsState;
  onChange: (next: SettingsState) => void;
}

/** E-mail and in-portal (browser) notifications per category, each category checked, partial or clear. */
export function NotificationSettings({ groups, value, onChange }: NotificationSettingsProps) {
  const { t } = useTranslation('account');
  return (
    <Accordion variant="separated" multiple>
      {CHANNELS.map((channel) => (
        <Accordion.Item key={channel} value={channel}>
          <Accordion.Control>{t(`settings.${channel}Notifications`)}</Accordion.Control>
          <Accordion.Panel>
            <ScrollArea.Autosize mah={PANEL_MAX_HEIGHT} type="auto">
              <Stack gap="md" role="group" aria-label={t(`settings.${channel}Notifications`)}>
                {groups.map((group) => {
                  const state = categoryState(group, value, channel);
                  return (
                    <Stack key={group.category} gap={6}>
                      <Checkbox
                        label={t(`settings.categories.${group.category}`, { defaultValue: group.category })}
                        checked={state === 'checked'}
                        indeterminate={state === 'indeterminate'}
                        onChange={() => onChange(toggleCategory(value, group, channel))}
                        styles={{ label: { fontWeight: 600 } }}
                      />
                      <Stack gap={6} pl="lg">
                        {group.settings.map((setting) => (
                          <Checkbox
                            key={setting.notification_type_id}
                            label={t(`settings.types.${setting.notification_type_id}`, {
                              defaultValue: setting.notification_type_title,
                            })}
                            checked={value[setting.notification_type_id]?.[channel] === true}
                            onChange={(event) =>
                              onChange(
                                setItem(value, setting.notification_type_id, channel, event.currentTarget.checked),
                              )
                            }
                          />
                        ))}
                      </Stack>
                    </Stack>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
