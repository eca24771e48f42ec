import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatDayInput, parseDayInput } from '@portico/domain';
import { useRef, useState } from 'react';
import { TextInput } from '@/lib/ui/TextInput';
import { visuallyHidden } from './visually-hidden';

/** Shown under a day that cannot be read. */
export const DAY_FORMAT_PROBLEM = 'Enter the day as DD/MM/YYYY.';

/**
 * A calendar day, day first as the spec's dates read (issue 26, point 7): typed as DD/MM/YYYY, or
 * chosen from the browser's calendar behind the button. The value in and out is YYYY-MM-DD ('' when
 * empty), what the API takes; a browser's own date input would show the order of its locale
 * instead. What cannot be read as a day says so when the field is left, and changes nothing.
 */
export function DayField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  name,
  sx,
}: {
  label: string;
  /** YYYY-MM-DD, or '' for no day. */
  value: string;
  onChange: (isoDay: string) => void;
  onBlur?: () => void;
  /** A problem the caller found (a range that ends before it starts, the server's answer). */
  error?: string | null | undefined;
  helperText?: string | undefined;
  required?: boolean;
  name?: string;
  sx?: SxProps<Theme>;
}) {
  const [text, setText] = useState(() => formatDayInput(value));
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A value changed from outside (filters cleared, a form reset) is shown; what is being typed stays.
  if (value !== shown) {
    setShown(value);
    if (parseDayInput(text) !== value) setText(formatDayInput(value));
  }
  const unreadable = left && text.trim() !== '' && parseDayInput(text) === null;
  const problem = unreadable ? DAY_FORMAT_PROBLEM : (error ?? null);

  const type = (typed: string) => {
    setText(typed);
    setLeft(false);
    const day = parseDayInput(typed);
    if (day !== null) onChange(day);
    else if (typed.trim() === '') onChange('');
  };

  return (
    <Box sx={{ position: 'relative', ...sx }}>
      <TextInput
        size="small"
        fullWidth
        label={label}
        name={name}
        required={required}
        value={text}
        placeholder="DD/MM/YYYY"
        error={problem !== null}
        helperText={problem ?? helperText}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          setLeft(true);
          onBlur?.();
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={`Open the calendar for ${label}`}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* The browser's calendar, opened by the button; the field above is what is read and typed. */}
      <Box
        component="input"
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          setText(formatDayInput(event.target.value));
          setLeft(false);
          onChange(event.target.value);
        }}
        sx={{ ...visuallyHidden, bottom: 0, right: 0 }}
      />
    </Box>
  );
}
