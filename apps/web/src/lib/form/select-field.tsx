import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './text-field';

export type FormSelectFieldProps<V extends FieldValues, T extends FieldValues> = Omit<
  FormTextFieldProps<V, T>,
  'select'
>;

/**
 * A native select (its choices as `<option>`s) bound to a form field, as FormTextField binds a text
 * field: its value, its message, focus on the first wrong field after submit.
 */
export function FormSelectField<V extends FieldValues, T extends FieldValues>(
  props: FormSelectFieldProps<V, T>,
) {
  return <FormTextField {...props} select />;
}
