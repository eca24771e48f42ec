import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { type ReactNode, useId } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import type { Bound } from './bound';

/** A checkbox with its label, bound to a boolean field; its message below. */
export function FormCheckbox<V extends FieldValues, T extends FieldValues>({
  control,
  name,
  label,
}: Bound<V, T> & { label: ReactNode }) {
  const { field, fieldState } = useController({ control, name });
  const messageId = useId();
  const message = fieldState.error?.message;
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': message ? messageId : undefined } }}
          />
        }
        label={label}
      />
      {message && (
        <FormHelperText id={messageId} error>
          {message}
        </FormHelperText>
      )}
    </div>
  );
}
