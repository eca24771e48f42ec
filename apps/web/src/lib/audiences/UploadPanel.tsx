import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AUDIENCE_FILE_NAME_MAX,
  AUDIENCE_MAX_BYTES,
  audienceFileProblem,
  formatAudienceBytes,
} from '@portico/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { ProgressBar } from '@/lib/ui/ProgressBar';
import { useUploadAudience } from './upload-audience';

/** Choose a file, checked here by the same rules as the server, then upload it with its progress. */
export function UploadPanel({ onUploaded }: { onUploaded: (audienceId: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const upload = useUploadAudience();
  const problem = file ? audienceFileProblem(file.name, file.size) : null;

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-labelledby="upload-title">
      <Typography id="upload-title" component="h2" variant="h3">
        Upload an audience
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A CSV, TXT or XLSX file of at most {formatAudienceBytes(AUDIENCE_MAX_BYTES)}, its name at most{' '}
        {AUDIENCE_FILE_NAME_MAX} characters: a header naming the <code>msisdn</code> column and any
        personalised columns, like the{' '}
        <Link component={RouterLink} to="/developer-assets">
          audience samples
        </Link>
        . Numbers without their country code are read in your country.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={upload.isPending}
        >
          Choose file
          <input
            hidden
            type="file"
            accept=".csv,.txt,.xlsx"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setSent(0);
              upload.reset();
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? `${file.name} (${formatAudienceBytes(file.size)})` : 'No file chosen'}
        </Typography>
        <Button
          variant="contained"
          disabled={!file || Boolean(problem) || upload.isPending}
          onClick={() => {
            if (!file) return;
            upload.mutate(
              { file, onProgress: setSent },
              {
                onSuccess: (audience) => {
                  setFile(null);
                  onUploaded(audience.audience_id);
                },
              },
            );
          }}
        >
          Upload and check
        </Button>
      </Box>
      {problem && <Alert severity="error">{problem}</Alert>}
      {upload.isPending && file && (
        <Box aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Uploading: {formatAudienceBytes(Math.round(sent * file.size))} of {formatAudienceBytes(file.size)}{' '}
            ({Math.round(sent * 100)}%)
          </Typography>
          <ProgressBar value={sent * 100} label="Upload progress" />
        </Box>
      )}
      {upload.isError && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
    </Paper>
  );
}
