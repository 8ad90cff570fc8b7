import { Checkbox, Fieldset, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ABILITY_GROUPS, type Ability, type AbilityGroup, type Role, roleCreateSchema } from '@meshport/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { applyServerErrors, formResolver, maxLengthOf, requiredMessage, SaveBar } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSaveRole } from '../api/save-role.api.ts';
import { grantableAbilities, groupState, toggleAbility, toggleGroup } from '../logic/abilities.logic.ts';
import { FormCard } from './security-page.component.tsx';

interface RoleValues {
  title: string;
  description: string;
  abilities: string[];
}

const GROUPS = Object.keys(ABILITY_GROUPS) as AbilityGroup[];

/**
 * The abilities editor: one fieldset per area, its checkbox checked, partial or clear from its
 * abilities; each ability reads as what it allows, its key only a muted detail.
 */
function AbilitiesEditor({
  value,
  onChange,
  grantable,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  grantable: (ability: string) => boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {GROUPS.map((group) => {
        const state = groupState(value, group);
        return (
          <Fieldset
            key={group}
            legend={
              <Checkbox
                label={t(`abilityGroups.${group}`)}
                checked={state === 'all'}
                indeterminate={state === 'some'}
                onChange={() => onChange(toggleGroup(value, group, grantable))}
                fw={600}
              />
            }
          >
            <Stack gap={6}>
              {(ABILITY_GROUPS[group] as readonly Ability[]).map((ability) => (
                <Checkbox
                  key={ability}
                  size="sm"
                  label={t(`abilities.${ability}.label`)}
                  description={
                    <>
                      {t(`abilities.${ability}.help`)}{' '}
                      <Text component="span" ff="monospace" fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {ability}
                      </Text>
                    </>
                  }
                  checked={value.includes(ability)}
                  disabled={!grantable(ability)}
                  onChange={(event) => onChange(toggleAbility(value, ability, event.currentTarget.checked))}
                />
              ))}
            </Stack>
          </Fieldset>
        );
      })}
    </SimpleGrid>
  );
}

/** Security → Roles create and edit: title, description, abilities grouped by area. */
export function RoleForm({ record }: { record?: Role }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const save = useSaveRole(record?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const user = useCurrentUser();
  const grantable = useMemo(() => grantableAbilities(user, record?.abilities ?? []), [user, record]);
  const { control, register, handleSubmit, setError, formState } = useForm<RoleValues>({
    defaultValues: {
      title: record?.title ?? '',
      description: record?.description ?? '',
      abilities: record?.abilities ?? [],
    },
    resolver: formResolver(roleCreateSchema, requiredMessage(t('form.required'))),
  });
  const listPath = paths.security.roles.list();

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        title: values.title.trim(),
        description: values.description,
        abilities: values.abilities as Ability[],
      });
      showBanner({
        kind: 'success',
        text: t(record ? 'roles.updated' : 'roles.created', { name: saved.title }),
        delay: TOAST_DELAY_MS,
        life: SHORT_BANNER_LIFE_MS,
      });
      await navigate(listPath);
    } catch (error) {
      setFailure(
        applyServerErrors(error, ['title', 'description', 'abilities'], setError, t('form.saveFailed')).message,
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(record ? 'roles.edit' : 'roles.create')}>
      <FormCard failure={failure}>
        <TextInput
          label={t('fields.title')}
          required
          maxLength={maxLengthOf(roleCreateSchema.shape.title)}
          error={formState.errors.title?.message}
          {...register('title')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={3}
          maxLength={maxLengthOf(roleCreateSchema.shape.description)}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <Controller
          control={control}
          name="abilities"
          render={({ field, fieldState }) => (
            <Fieldset legend={t('fields.abilities')} variant="unstyled">
              <AbilitiesEditor value={field.value} onChange={field.onChange} grantable={grantable} />
              {fieldState.error?.message && (
                <Stack c="red" fz="sm" role="alert" mt="xs">
                  {fieldState.error.message}
                </Stack>
              )}
            </Fieldset>
          )}
        />
        <SaveBar onCancel={() => void navigate(listPath)} saving={formState.isSubmitting} />
      </FormCard>
    </form>
  );
}
