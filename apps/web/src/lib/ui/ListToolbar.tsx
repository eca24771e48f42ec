import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { TExportFormat } from '@portico/domain';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { ExportButtons } from './ExportButtons';

/**
 * The bar above a list: its search and filters in a grid (one column on phones, two on tablets,
 * `wideColumns` from `lg` up), then the Excel and PDF buttons of what is filtered, and why an
 * export failed.
 */
export function ListToolbar({
  wideColumns,
  onExport,
  exporting,
  exportError,
  children,
}: {
  /** The grid's columns from `lg` up, e.g. 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr))'. */
  wideColumns: string;
  onExport: (format: TExportFormat) => void;
  exporting: boolean;
  /** The last export's error, if it failed. */
  exportError: unknown;
  children: ReactNode;
}) {
  return (
    <>
      <Box
        sx={{
          p: 2,
          display: 'grid',
          gap: 1.5,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: wideColumns },
        }}
      >
        {children}
      </Box>
      <Box sx={{ px: 2, pb: 2, display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <ExportButtons disabled={exporting} onExport={onExport} />
      </Box>
      {exportError !== null && exportError !== undefined && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(exportError)}
        </Alert>
      )}
    </>
  );
}
