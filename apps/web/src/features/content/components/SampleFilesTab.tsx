import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AUDIENCE_FILES,
  type AudienceFileKind,
  SAMPLE_FILE_FORMATS,
  type SampleFileFormat,
} from '@portico/domain';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { TextInput } from '@/lib/ui/TextInput';
import { useDownloadSampleFile } from '../api/sample-files';

const SAMPLES: readonly { kind: AudienceFileKind; title: string; description: string }[] = [
  {
    kind: 'audience',
    title: 'Audience list sample',
    description:
      'One mobile number per row, in international format. Use it for campaigns without personalisation.',
  },
  {
    kind: 'personalised',
    title: 'Personalised sample',
    description: 'A mobile number and one column per template variable, filled into each message.',
  },
];

function SampleCard({ kind, title, description }: (typeof SAMPLES)[number]) {
  const [format, setFormat] = useState<SampleFileFormat>('csv');
  const download = useDownloadSampleFile();
  const columns = AUDIENCE_FILES[kind].columns.map((c) => c.header);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`sample-${kind}`} sx={{ p: 2.5 }}>
      <Typography id={`sample-${kind}`} variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {description}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Columns: <code>{columns.join(', ')}</code>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextInput
          select
          size="small"
          label="File type"
          value={format}
          onChange={(event) => setFormat(event.target.value as SampleFileFormat)}
          sx={{ minWidth: 140 }}
        >
          {SAMPLE_FILE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </TextInput>
        <Button
          variant="contained"
          startIcon={<DownloadOutlined />}
          disabled={download.isPending}
          onClick={() => download.mutate({ kind, format })}
          aria-label={`Download ${title} as ${format.toUpperCase()}`}
        >
          Download
        </Button>
      </Box>
      {download.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          The sample could not be downloaded: {errorMessage(download.error)}
        </Alert>
      )}
    </Paper>
  );
}

/** The audience samples (spec section 7), generated from the definition campaigns parse with. */
export function SampleFilesTab() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {SAMPLES.map((sample) => (
        <SampleCard key={sample.kind} {...sample} />
      ))}
    </Box>
  );
}
