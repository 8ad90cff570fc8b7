import { Textarea, TextInput } from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  /** A textarea (description) instead of one line. */
  multiline?: boolean;
  description?: string;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
}

/** A text or textarea field bound to react-hook-form; its error (client or server 422) shows under it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  multiline = false,
  description,
  placeholder,
  maxLength,
  autoFocus,
}: TextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const common = {
    label,
    required,
    description,
    placeholder,
    maxLength,
    autoFocus,
    name: field.name,
    ref: field.ref,
    value: (field.value as string | null | undefined) ?? '',
    onChange: (event: { currentTarget: { value: string } }) => field.onChange(event.currentTarget.value),
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
  return multiline ? <Textarea autosize minRows={3} maxRows={10} {...common} /> : <TextInput {...common} />;
}
