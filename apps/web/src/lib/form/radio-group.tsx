import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import RadioGroup from '@mui/material/RadioGroup';
import type { ReactNode } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import type { Bound } from './bound';

/** A radio group bound to a field: the options are its children (FormControlLabel + Radio). */
export function FormRadioGroup<V extends FieldValues, T extends FieldValues>({
  control,
  name,
  label,
  children,
}: Bound<V, T> & { label: string; children: ReactNode }) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <FormControl error={Boolean(message)} fullWidth>
      <RadioGroup
        aria-label={label}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        ref={field.ref}
      >
        {children}
      </RadioGroup>
      {message && <FormHelperText sx={{ mx: 0, mt: 1 }}>{message}</FormHelperText>}
    </FormControl>
  );
}
