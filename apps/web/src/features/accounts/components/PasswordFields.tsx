import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { passwordRuleResults } from '@portico/domain';
import { useState } from 'react';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoComplete: 'new-password' | 'current-password';
  name: string;
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, value, onChange, error, autoComplete, name }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      name={name}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
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

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
