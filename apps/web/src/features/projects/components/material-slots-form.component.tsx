import { Alert, Modal, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  MATERIAL_SLOT_NAME_MAX,
  type MaterialSlot,
  materialEndpoints,
  materialSlotsSaveSchema,
} from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, formResolver, RecordPicker, requiredMessage, SaveBar } from '@/shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSaveMaterialSlots } from '../api/save-material-slots.api.ts';

interface SlotValues {
  index: number;
  name: string;
  materials: string[];
  default_material: string | null;
}
interface SlotsFormValues {
  slots: SlotValues[];
}

const valuesOf = (slots: readonly MaterialSlot[]): SlotsFormValues => ({
  slots: slots.map((slot) => ({
    index: slot.index,
    name: slot.name,
    materials: slot.materials.map((material) => material.name),
    default_material: slot.default_material?.name ?? null,
  })),
});

/** A 422 key such as `slots.2.default_material` names that slot's field; others go to the banner. */
function slotField(key: string): `slots.${number}.${'name' | 'materials' | 'default_material'}` | null {
  const match = /^slots[.[](\d+)\]?[.[](name|materials|default_material)/.exec(key);
  return match ? (`slots.${Number(match[1])}.${match[2] as 'name' | 'materials' | 'default_material'}` as const) : null;
}

/** One slot: its display name, the materials allowed there (searched), and the default among them. */
function SlotFields({
  form,
  position,
  slot,
}: {
  form: ReturnType<typeof useForm<SlotsFormValues>>;
  position: number;
  slot: MaterialSlot;
}) {
  const { t } = useTranslation('projects');
  const allowed = useWatch({ control: form.control, name: `slots.${position}.materials` });
  const errors = form.formState.errors.slots?.[position];
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h5" component="legend">
        {t('slotsForm.slot', { name: slot.source_name || t('slotsForm.unnamed', { index: slot.index + 1 }) })}
      </Title>
      <Controller
        control={form.control}
        name={`slots.${position}.name`}
        render={({ field }) => (
          <TextInput
            {...field}
            label={t('slotsForm.name')}
            required
            maxLength={MATERIAL_SLOT_NAME_MAX}
            error={errors?.name?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name={`slots.${position}.materials`}
        render={({ field }) => (
          <RecordPicker
            endpoint={materialEndpoints.list}
            resource="materials"
            multiple
            value={field.value}
            onChange={(names) => {
              field.onChange(names);
              const chosen = form.getValues(`slots.${position}.default_material`);
              if (chosen !== null && !names.includes(chosen)) form.setValue(`slots.${position}.default_material`, null);
            }}
            filter={{ status: 'active' }}
            includedFields={['name']}
            toOption={(material) => ({ value: material.name, label: material.name })}
            known={slot.materials.map((material) => ({ value: material.name, label: material.name }))}
            label={t('slotsForm.materials')}
            description={t('slotsForm.materialsHint')}
            error={errors?.materials?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name={`slots.${position}.default_material`}
        render={({ field }) => (
          <Select
            label={t('slotsForm.default')}
            placeholder={t('slotsForm.defaultOwn')}
            data={allowed}
            value={field.value}
            onChange={field.onChange}
            clearable
            disabled={allowed.length === 0}
            error={errors?.default_material?.message}
          />
        )}
      />
    </Stack>
  );
}

/**
 * hatch: names the model's material slots and chooses, per slot, the company materials (and
 * variants) allowed there and the default. Opens in a dialog from the model's overview.
 */
export function MaterialSlotsForm({
  modelId,
  slots,
  opened,
  onClose,
}: {
  modelId: number;
  slots: readonly MaterialSlot[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const save = useSaveMaterialSlots(modelId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SlotsFormValues>({
    values: valuesOf(slots),
    resolver: formResolver(materialSlotsSaveSchema, requiredMessage(t('slotsForm.required'))),
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        slots: values.slots.map((slot) => ({ ...slot, name: slot.name.trim() })),
      });
      showBanner({ kind: 'success', text: t('slotsForm.saved'), delay: TOAST_DELAY_MS });
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, slotField, form.setError, t('slotsForm.saveFailed')).message);
    }
  });
  const slotsError = form.formState.errors.slots?.message ?? form.formState.errors.slots?.root?.message;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('slotsForm.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('slotsForm.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          {(failure ?? slotsError) && (
            <Alert color="red" role="alert">
              {failure ?? slotsError}
            </Alert>
          )}
          {slots.map((slot, position) => (
            <SlotFields key={slot.index} form={form} position={position} slot={slot} />
          ))}
          <SaveBar onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </Modal>
  );
}
