import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useBrandName } from '@/lib/config/app-config';

/** Recovery codes, shown once: the list, and ways to keep it (copy, a text file). */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const brand = useBrandName();
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = `${brand} recovery codes (each works once):\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brand.toLowerCase()}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Keep these codes somewhere safe, such as a password manager: they are not shown again. Each one signs
        you in once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 1,
          m: 0,
          py: 2,
          pr: 2,
          pl: 5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.50',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.9375rem',
          letterSpacing: '0.04em',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy codes
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={download}>
          Download as text
        </Button>
      </Stack>
      {copied !== null && (
        <Alert severity={copied ? 'success' : 'error'} role="status">
          {copied ? 'The codes are copied.' : 'The codes could not be copied: select and copy them by hand.'}
        </Alert>
      )}
    </Stack>
  );
}
