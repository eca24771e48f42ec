import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  LAUNCH_LOA_MAX_BYTES,
  LAUNCH_SCREENSHOT_MAX_BYTES,
  LAUNCH_VIDEO_MAX_BYTES,
  type TLaunchDocument,
} from '@portico/domain';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { type LaunchFileKind, useDeleteLaunchFile, useUploadLaunchFile } from '../api/launch-files';
import { ConfirmDialog } from './ConfirmDialog';

interface FileRule {
  /** The input's accept list. */
  accept: string;
  /** Checks before sending (the server checks the content again). */
  check: (file: File) => string | null;
  /** What the developer may upload, shown under the button. */
  hint: string;
}

const MB = 1_000_000;
const sizeLimit = (file: File, max: number) =>
  file.size > max ? `${file.name} is ${(file.size / MB).toFixed(1)} MB: at most ${max / MB} MB.` : null;

/** The API's limits (the domain's LAUNCH_*_MAX_BYTES); the server checks the content again. */
const FILE_RULES: Record<LaunchFileKind, FileRule> = {
  loa: {
    accept: 'application/pdf,.pdf',
    hint: `A PDF, at most ${LAUNCH_LOA_MAX_BYTES / MB} MB, signed by the business.`,
    check: (file) =>
      file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')
        ? 'The letter of authorisation must be a PDF.'
        : sizeLimit(file, LAUNCH_LOA_MAX_BYTES),
  },
  screenshot: {
    accept: 'image/png,image/jpeg,image/webp',
    hint: `PNG, JPEG or WebP, at most ${LAUNCH_SCREENSHOT_MAX_BYTES / MB} MB each.`,
    check: (file) =>
      !['image/png', 'image/jpeg', 'image/webp'].includes(file.type)
        ? 'A screenshot must be a PNG, JPEG or WebP image.'
        : sizeLimit(file, LAUNCH_SCREENSHOT_MAX_BYTES),
  },
  video: {
    accept: 'video/mp4,video/webm',
    hint: `MP4 or WebM, at most ${LAUNCH_VIDEO_MAX_BYTES / MB} MB.`,
    check: (file) =>
      !['video/mp4', 'video/webm'].includes(file.type)
        ? 'The video must be an MP4 or WebM file.'
        : sizeLimit(file, LAUNCH_VIDEO_MAX_BYTES),
  },
};

/**
 * One kind of launch file: the stored ones (signed links, each removable after a confirmation), and
 * an upload button with its progress; a refused file says why and nothing already stored is lost.
 */
export function LaunchFileField({
  botId,
  kind,
  label,
  files,
  max,
  disabled,
  anchorId,
  problem,
}: {
  botId: string;
  kind: LaunchFileKind;
  label: string;
  files: readonly TLaunchDocument[];
  max: number;
  disabled: boolean;
  anchorId: string;
  /** The pre-flight's message for this field, if any. */
  problem?: string | undefined;
}) {
  const rule = FILE_RULES[kind];
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadLaunchFile();
  const remove = useDeleteLaunchFile();
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const full = files.length >= max;

  function send(file: File) {
    setRefused(null);
    upload.reset();
    const problemWithFile = rule.check(file);
    if (problemWithFile) {
      setRefused(problemWithFile);
      return;
    }
    setProgress(0);
    upload.mutate({ botId, kind, file, onProgress: setProgress }, { onSettled: () => setProgress(null) });
  }

  return (
    <Box component="fieldset" id={anchorId} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {files.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5, mb: 1 }}>
          {files.map((file, index) => (
            <Box
              component="li"
              key={file.url}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
            >
              <DescriptionOutlined aria-hidden sx={{ color: 'text.secondary' }} />
              <Link
                href={file.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}
              >
                {file.name}
              </Link>
              <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {Math.ceil(file.size_bytes / 1000)} KB
              </Typography>
              {!disabled && (
                <IconButton
                  size="small"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setRemoving(index)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {!disabled && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            accept={rule.accept}
            aria-label={`Choose ${label.toLowerCase()}`}
            data-testid={`${kind}-input`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file);
            }}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFileOutlined />}
            disabled={full || upload.isPending}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {files.length > 0 && max === 1 ? 'Replace' : 'Upload'} {label.toLowerCase()}
          </Button>
          <FormHelperText id={hintId}>
            {full && max > 1 ? `At most ${max}: remove one to add another.` : rule.hint}
          </FormHelperText>
        </>
      )}
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={`Uploading ${label.toLowerCase()}`}
          />
          <Typography variant="caption" role="status">
            Uploading… {Math.round(progress * 100)}%
          </Typography>
        </Box>
      )}
      {(refused || upload.isError) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {refused ?? errorMessage(upload.error)}
        </Alert>
      )}
      {problem && !refused && !upload.isError && (
        <FormHelperText error sx={{ mt: 0.5 }}>
          {problem}
        </FormHelperText>
      )}
      {removing !== null && (
        <ConfirmDialog
          title={`Remove ${files[removing]?.name ?? 'the file'}?`}
          confirmLabel="Remove"
          tone="error"
          pending={remove.isPending}
          error={remove.error}
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() =>
            remove.mutate({ botId, kind, index: removing }, { onSuccess: () => setRemoving(null) })
          }
        >
          <Typography>The file is removed from this launch. You can upload another one.</Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}
