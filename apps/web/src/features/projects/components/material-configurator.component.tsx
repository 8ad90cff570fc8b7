import { Group, Image, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import type { MaterialRef, MaterialSlot } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import type { MaterialChoice } from '../logic/material-choice.logic.ts';
import classes from './material-configurator.module.css';

interface SwatchProps {
  label: string;
  material: MaterialRef | null;
  chosen: boolean;
  onChoose: () => void;
}

/** One finish: its rendered preview (or the model's own material), a toggle button. */
function Swatch({ label, material, chosen, onChoose }: SwatchProps) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <UnstyledButton
        className={classes.swatch}
        aria-pressed={chosen}
        aria-label={label}
        data-finish={material?.name ?? ''}
        onClick={onChoose}
      >
        {material?.preview_image_url ? (
          <Image src={material.preview_image_url} alt="" className={classes.image} />
        ) : (
          <span className={classes.own} aria-hidden />
        )}
      </UnstyledButton>
    </Tooltip>
  );
}

/**
 * The model's configurable slots, each with its finishes as swatches: choosing one shows it in the
 * viewer at once (the page passes the choice on as the viewer's finishes).
 */
export function MaterialConfigurator({
  slots,
  choice,
  onChoose,
  headingId,
}: {
  slots: readonly MaterialSlot[];
  choice: MaterialChoice;
  onChoose: (index: number, material: string | null) => void;
  headingId: string;
}) {
  const { t } = useTranslation('projects');
  return (
    <Stack gap="md">
      <Title order={2} size="h4" id={headingId}>
        {t('finishes.title')}
      </Title>
      {slots.map((slot) => {
        const chosen = choice[slot.index] ?? null;
        const chosenLabel = chosen ?? t('finishes.own');
        return (
          <Stack key={slot.index} gap={6} role="group" aria-label={slot.name}>
            <Text size="sm" fw={600}>
              {slot.name}{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                {chosenLabel}
              </Text>
            </Text>
            <Group gap="xs">
              <Swatch
                label={t('finishes.own')}
                material={null}
                chosen={chosen === null}
                onChoose={() => onChoose(slot.index, null)}
              />
              {slot.materials.map((material) => (
                <Swatch
                  key={material.name}
                  label={material.name}
                  material={material}
                  chosen={chosen === material.name}
                  onChoose={() => onChoose(slot.index, material.name)}
                />
              ))}
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
