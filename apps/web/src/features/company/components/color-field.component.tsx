import { ColorInput, ColorPicker, ColorSwatch, Popover, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { withoutOpaqueAlpha } from '../logic/color-preview.logic.ts';
import { cleanColorInput, isHexColor } from '../logic/my-company-form.logic.ts';
import classes from './color-field.module.css';

/** Suggestions beside the free picker: the demo's and the platforms' colours and a few common ones. */
const SWATCHES = ['#B4441C', '#F2C14E', '#275953', '#634196', '#C4A1F9', '#1E7A3C', '#1C7ED6', '#E03131', '#212529'];

interface ColorFieldProps {
  label: string;
  /** The name of the button that opens the picker. */
  pickLabel: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  disabled: boolean;
  inputRef: React.Ref<HTMLInputElement>;
}

/**
 * A colour typed as hex (only hex characters are taken, administration.md §5) or chosen with the
 * picker that the swatch before it opens: saturation, hue and opacity sliders and suggestions, all
 * reachable with the keyboard and named (Mantine's built-in ColorInput dropdown is mouse only).
 */
export function ColorField({ label, pickLabel, value, onChange, onBlur, error, disabled, inputRef }: ColorFieldProps) {
  const { t } = useTranslation('company');
  const set = (next: string) => onChange(withoutOpaqueAlpha(cleanColorInput(next)));
  const picker = (
    // Not hidden when the page resizes under it (a tablet turned, a full-page screenshot): hiding the
    // dropdown took the focus out of it, and Escape no longer closed it.
    <Popover
      position="bottom-start"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      hideDetached={false}
      disabled={disabled}
    >
      <Popover.Target>
        <UnstyledButton
          aria-label={pickLabel}
          disabled={disabled}
          className={classes.opener}
          style={{ display: 'flex' }}
        >
          <ColorSwatch color={isHexColor(value) ? value : 'transparent'} size={22} radius="sm" />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <ColorPicker
          format="hexa"
          value={isHexColor(value) ? value : '#000000'}
          onChange={set}
          swatches={SWATCHES}
          swatchesPerRow={5}
          classNames={{ wrapper: classes.picker, slider: classes.slider }}
          saturationLabel={t('colors.saturation')}
          hueLabel={t('colors.hue')}
          alphaLabel={t('colors.alpha')}
        />
      </Popover.Dropdown>
    </Popover>
  );
  return (
    <ColorInput
      label={label}
      description={t('colors.hint')}
      format="hexa"
      withPicker={false}
      withPreview={false}
      withEyeDropper={false}
      fixOnBlur={false}
      leftSection={picker}
      leftSectionPointerEvents="all"
      disabled={disabled}
      value={value}
      onChange={set}
      onBlur={onBlur}
      ref={inputRef}
      error={error}
    />
  );
}
