import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import type { TExportFormat } from '@portico/domain';

const LABELS: Record<TExportFormat, string> = { xlsx: 'Excel', pdf: 'PDF' };

/** The Excel and PDF buttons of a list: each downloads the list with the filters on screen. */
export function ExportButtons({
  disabled,
  onExport,
}: {
  disabled: boolean;
  onExport: (format: TExportFormat) => void;
}) {
  return (['xlsx', 'pdf'] as const).map((format) => (
    <Button
      key={format}
      size="small"
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      disabled={disabled}
      onClick={() => onExport(format)}
    >
      {LABELS[format]}
    </Button>
  ));
}
