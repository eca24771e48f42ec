import Alert, { type AlertColor } from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { focusOnMount } from './focus';

/**
 * What a save or a decision came to (issue 26, point 6): an alert that takes the keyboard focus
 * when it appears, and again for each new message, so it is read out and Tab goes on from it.
 */
export function ResultAlert({
  severity,
  children,
  onClose,
  sx,
}: {
  severity: AlertColor;
  children: string;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      key={children}
      severity={severity}
      ref={focusOnMount}
      tabIndex={-1}
      {...(onClose ? { onClose } : {})}
      sx={{ '&:focus-visible': { outline: '2px solid', outlineOffset: 2 }, ...sx }}
    >
      {children}
    </Alert>
  );
}
