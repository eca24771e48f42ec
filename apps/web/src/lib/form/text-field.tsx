import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FieldValues, useController } from 'react-hook-form';
import type { Bound } from './bound';

export type FormTextFieldProps<V extends FieldValues, T extends FieldValues> = Bound<V, T> &
  Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
    /** Turns what was typed into the form's value (e.g. upper case); the default keeps the text. */
    parse?: (text: string) => unknown;
  };

/**
 * A MUI TextField (or select, with `select`) bound to a form field: its value, its message
 * (`helperText` shows while there is none), focus on the first wrong field after submit.
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
    <TextField
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
