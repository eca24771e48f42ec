import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { passwordRuleResults } from '@portico/domain';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '@/lib/form/text-field';
import { visuallyHidden } from '@/lib/ui/visually-hidden';

type PasswordFieldProps<V extends FieldValues, T extends FieldValues> = Pick<
  FormTextFieldProps<V, T>,
  'control' | 'name'
> & {
  label: string;
  autoComplete: 'new-password' | 'current-password';
};

/** A password input bound to a form field, with a show/hide toggle. */
export function PasswordField<V extends FieldValues, T extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
}: PasswordFieldProps<V, T>) {
  const [shown, setShown] = useState(false);
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The strength rules, ticked while the user types (the API enforces the same rules). */
export function PasswordRules({ password }: { password: string }) {
  return (
    <Box
      component="ul"
      aria-label="Password rules"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      {passwordRuleResults(password).map((rule) => (
        <Box
          component="li"
          key={rule.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: rule.met ? 'success.dark' : 'text.secondary',
          }}
        >
          {rule.met ? (
            <CheckCircle fontSize="small" aria-hidden />
          ) : (
            <RadioButtonUnchecked fontSize="small" aria-hidden />
          )}
          <Typography variant="body2">
            {rule.label}
            <Box component="span" sx={visuallyHidden}>
              {rule.met ? ' (met)' : ' (not met yet)'}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
