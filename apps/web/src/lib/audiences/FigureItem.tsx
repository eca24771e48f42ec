import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure of a `<dl>`: its label as the term, the figure as the description. */
export function FigureItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <dd>{children}</dd>
    </div>
  );
}
