import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** What every bound field takes: the form's control and the field's (dotted) name. */
export interface Bound<V extends FieldValues, T extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own Control default; the context is not used.
  control: Control<V, any, T>;
  name: FieldPath<V>;
}
