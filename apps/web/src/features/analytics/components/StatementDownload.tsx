import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { monthName } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { saveFile } from '@/lib/http/save-file';
import { SelectField } from '@/lib/ui/SelectField';

/** This month and the eleven before it (UTC), newest first. */
export function recentMonths(now = new Date()): { value: string; label: string }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const value = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
      .toISOString()
      .slice(0, 7);
    return { value, label: monthName(value) };
  });
}

/**
 * The monthly statement (PDF): the partner's own on MY BILLING; for the platform, the statement of
 * the partner the page is filtered by; for a carrier (`report`), the billing report of an aggregator
 * forwarded to it (its network's charges; another partner is not found).
 */
export function StatementDownload({
  partnerId,
  partnerName,
  report = false,
}: {
  partnerId?: string;
  partnerName?: string;
  report?: boolean;
}) {
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const download = useMutation({
    mutationFn: async () => {
      const file = await http.download('/secure/analytics/statement', {
        params: { month, ...(partnerId ? { partner_id: partnerId } : {}) },
      });
      saveFile(file.blob, file.filename ?? `statement-${month}.pdf`);
    },
  });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="statement-heading"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id="statement-heading" component="h2" variant="h3">
        {report
          ? `Billing report of ${partnerName}`
          : partnerName
            ? `Statement of ${partnerName}`
            : 'Monthly statement'}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {report
          ? 'The aggregator’s messages and charges on your network by billing category, with its billing information (months in UTC). Aggregators forwarded to your network only.'
          : 'Opening balance, top-ups, charges by carrier and category, verification fees and closing balance, with the billing information (months in UTC).'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ minWidth: 200 }}>
          <SelectField label="Month" value={month} options={months} onChange={setMonth} />
        </Box>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {report ? 'Download report' : 'Download statement'}
        </Button>
      </Box>
      {download.isError && (
        <Alert severity="error">The statement could not be made: {errorMessage(download.error)}</Alert>
      )}
    </Paper>
  );
}
