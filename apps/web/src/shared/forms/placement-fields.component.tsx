import { Group, Select, Text } from '@mantine/core';
import { MODEL_UNITS, type ModelUnit, UP_AXES, type UpAxis } from '@meshport/contract';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** What the two fields hold: '' is the format's default (the API's null). */
export interface PlacementValues {
  units: ModelUnit | '';
  up_axis: UpAxis | '';
}

/** A model or item as the API answers it (its row carries units and up axis). */
export interface PlacedRecord {
  units?: ModelUnit | null;
  up_axis?: UpAxis | null;
}

/** The form's values from a record's (null: the format's default). */
export const placementValues = (record?: PlacedRecord): PlacementValues => ({
  units: record?.units ?? '',
  up_axis: record?.up_axis ?? '',
});

/** Whether a save changes what the record has (which processes it again). */
export const placementChanged = (values: PlacementValues, record: PlacedRecord) =>
  (values.units || null) !== (record.units ?? null) || (values.up_axis || null) !== (record.up_axis ?? null);

/** What a save sends: null for the format's default. */
export const placementBody = (values: PlacementValues) => ({
  units: values.units === '' ? null : values.units,
  up_axis: values.up_axis === '' ? null : values.up_axis,
});

interface PlacementFieldsProps<T extends FieldValues & PlacementValues> {
  control: Control<T>;
}

function PlacementSelect<T extends FieldValues & PlacementValues>({
  control,
  name,
  label,
  options,
}: {
  control: Control<T>;
  name: 'units' | 'up_axis';
  label: string;
  options: { value: string; label: string }[];
}) {
  const { field, fieldState } = useController({ control, name: name as Path<T> });
  return (
    <Select
      label={label}
      data={options}
      value={(field.value as string) ?? ''}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      name={field.name}
      ref={field.ref}
      allowDeselect={false}
      error={fieldState.error?.message}
      w={250}
    />
  );
}

/**
 * Units and up axis of a file that states neither (OBJ, STL, PLY, OFF, 3DS); FBX, Collada and glTF
 * state their own (decision 0037). Changing them on a processed record processes it again.
 */
export function PlacementFields<T extends FieldValues & PlacementValues>({ control }: PlacementFieldsProps<T>) {
  const { t } = useTranslation();
  const automatic = { value: '', label: t('placement.byFormat') };
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <Group gap="md" align="flex-start">
        <PlacementSelect
          control={control}
          name="units"
          label={t('placement.units')}
          options={[automatic, ...MODEL_UNITS.map((unit) => ({ value: unit, label: t(`placement.unit.${unit}`) }))]}
        />
        <PlacementSelect
          control={control}
          name="up_axis"
          label={t('placement.upAxis')}
          options={[automatic, ...UP_AXES.map((axis) => ({ value: axis, label: t(`placement.axis.${axis}`) }))]}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('placement.hint')}
      </Text>
    </fieldset>
  );
}
