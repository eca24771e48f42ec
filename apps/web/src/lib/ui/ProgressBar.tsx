import Box from '@mui/material/Box';

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** The accessible name, e.g. "Profile completion". */
  label: string;
}

/** A determinate progress bar (role progressbar with its value), drawn with two boxes. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      sx={{ height: 6, borderRadius: 3, bgcolor: 'custom.lighter', overflow: 'hidden' }}
    >
      <Box
        sx={{
          height: '100%',
          width: `${clamped}%`,
          borderRadius: 3,
          bgcolor: clamped >= 100 ? 'success.main' : 'primary.main',
          transition: 'width 400ms ease',
        }}
      />
    </Box>
  );
}
