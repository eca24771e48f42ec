import { type FieldValues, useController } from 'react-hook-form';
import { TextInput, type TextInputProps } from '@/lib/ui/TextInput';
import type { Bound } from './bound';

export type FormTextFieldProps<V extends FieldValues, T extends FieldValues> = Bound<V, T> &
  Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
    /** Turns what was typed into the form's value (e.g. upper case); the default keeps the text. */
    parse?: (text: string) => unknown;
  };

/**
 * A text field bound to a form field: its value, its message (`helperText` shows while there is
 * none), focus on the first wrong field after submit; with `select`, a native select (`FormSelectField`).
 */
export function FormTextField<V extends FieldValues, T extends FieldValues>({
  control,
  name,
  parse,
  helperText,
  ...props
}: FormTextFieldProps<V, T>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextInput
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
