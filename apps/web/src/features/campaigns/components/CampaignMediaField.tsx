import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { campaignMediaKind } from '@portico/domain';
import { useId } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { useUploadCampaignMedia } from '../api/campaigns';

const ACCEPT = {
  image: 'image/png,image/jpeg,image/gif',
  video: 'video/mp4,video/webm,video/3gpp',
  document: 'application/pdf',
};
const article = (kind: string) => (kind === 'image' ? 'an image' : `a ${kind}`);

/**
 * This campaign's own media for a template that takes media (an RCS card's, a WhatsApp media
 * header's): uploaded and checked by the server as template media is, shown in the handset, sent
 * instead of the template's own for this campaign only.
 */
export function CampaignMediaField({
  channel,
  kinds,
  mediaKey,
  onChange,
  error,
}: {
  channel: 'rcs' | 'whatsapp';
  kinds: readonly ('image' | 'video' | 'document')[];
  mediaKey: string;
  onChange: (key: string) => void;
  error?: string | undefined;
}) {
  const upload = useUploadCampaignMedia();
  const inputId = useId();
  const kind = mediaKey ? campaignMediaKind(mediaKey) : null;
  const allowed = kinds.map(article).join(' or ');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 0.5 }}>
        Media
      </Typography>
      <Typography variant="body2" aria-live="polite">
        {kind
          ? `This campaign sends its own ${kind} instead of the template's.`
          : `This campaign sends the template's own media. Upload ${allowed} to send yours instead, for this campaign only.`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <input
          id={inputId}
          type="file"
          hidden
          accept={kinds.map((k) => ACCEPT[k]).join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate({ channel, file }, { onSuccess: (stored) => onChange(stored.key) });
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<FileUploadOutlined />}
          disabled={upload.isPending}
        >
          {upload.isPending ? 'Uploading…' : kind ? 'Upload another' : 'Upload media'}
        </Button>
        {kind && (
          <Button startIcon={<DeleteOutlined />} onClick={() => onChange('')}>
            Use the template&apos;s media
          </Button>
        )}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {channel === 'rcs'
          ? 'A JPEG, PNG or GIF image, or an MP4 or WebM video, within RCS limits.'
          : "The header's kind (a JPEG or PNG image, an MP4 video or a PDF), within WhatsApp's limits."}
      </Typography>
      {(upload.isError || error) && (
        <Alert severity="error">{upload.isError ? errorMessage(upload.error) : error}</Alert>
      )}
    </Box>
  );
}
