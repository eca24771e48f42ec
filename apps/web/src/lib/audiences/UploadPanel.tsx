import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
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
import type { PreviousUpload } from 'tus-js-client';
import { ProgressBar } from '@/lib/ui/ProgressBar';
import { useResumableUpload } from './upload-audience';

/**
 * Choose a file, checked here by the same rules as the server, then upload it resumably (tus):
 * progress in bytes and percent, Pause and Resume, and after a reload an offer to continue an
 * unfinished upload of the same file.
 */
export function UploadPanel({ onUploaded }: { onUploaded: (audienceId: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [previous, setPrevious] = useState<PreviousUpload | null>(null);
  const upload = useResumableUpload((audienceId) => {
    setFile(null);
    setPrevious(null);
    onUploaded(audienceId);
  });
  const { progress } = upload;
  const problem = file ? audienceFileProblem(file.name, file.size) : null;
  const busy = progress.phase === 'uploading' || progress.phase === 'paused';
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;

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
        . Numbers without their country code are read in your country. A cut connection does not lose what was
        sent: the upload continues from where it stopped.
      </Typography>
      {!file &&
        upload.unfinished.map((u) => (
          <Alert
            key={u.urlStorageKey}
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => void upload.forget(u)}>
                Forget it
              </Button>
            }
          >
            The upload of {u.fileName} ({formatAudienceBytes(u.size)}) did not finish. Choose the same file to
            continue it from where it stopped.
          </Alert>
        ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={busy}>
          Choose file
          <input
            hidden
            type="file"
            accept=".csv,.txt,.xlsx"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              upload.reset();
              setFile(chosen);
              setPrevious(null);
              if (chosen && !audienceFileProblem(chosen.name, chosen.size))
                void upload.previousFor(chosen).then(setPrevious);
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? `${file.name} (${formatAudienceBytes(file.size)})` : 'No file chosen'}
        </Typography>
        {!busy && previous && file && (
          <>
            <Button variant="contained" onClick={() => void upload.start(file, previous)}>
              Resume upload
            </Button>
            <Button
              onClick={() => {
                setPrevious(null);
                void upload.start(file, null);
              }}
            >
              Start over
            </Button>
          </>
        )}
        {!busy && !previous && (
          <Button
            variant="contained"
            disabled={!file || Boolean(problem)}
            onClick={() => {
              if (file) void upload.start(file, null);
            }}
          >
            {progress.phase === 'failed' ? 'Try again' : 'Upload and check'}
          </Button>
        )}
        {progress.phase === 'uploading' && (
          <Button variant="outlined" startIcon={<PauseOutlined />} onClick={() => void upload.pause()}>
            Pause
          </Button>
        )}
        {progress.phase === 'paused' && (
          <Button variant="contained" startIcon={<PlayArrowOutlined />} onClick={upload.resume}>
            Resume
          </Button>
        )}
      </Box>
      {!busy && previous && file && (
        <Alert severity="info">
          Part of this file was already sent: Resume upload continues from where it stopped.
        </Alert>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {busy && file && (
        <Box aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {progress.phase === 'paused' ? 'Paused' : 'Uploading'}: {formatAudienceBytes(progress.sent)} of{' '}
            {formatAudienceBytes(progress.total || file.size)} ({percent}%)
          </Typography>
          <ProgressBar value={percent} label="Upload progress" />
        </Box>
      )}
      {progress.phase === 'failed' && progress.error && (
        <Alert
          severity="error"
          action={
            file && !problem ? (
              <Button color="inherit" size="small" onClick={upload.resume}>
                Resume
              </Button>
            ) : undefined
          }
        >
          {progress.error}
        </Alert>
      )}
    </Paper>
  );
}
