import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type TVideo, ZVideoFields } from '@portico/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { useAddVideo, useUpdateVideo } from '../api/videos';

function FilePick({
  label,
  accept,
  file,
  onFile,
}: {
  label: string;
  accept: string;
  file: File | null;
  onFile: (f: File | null) => void;
}) {
  return (
    <Button variant="outlined" component="label">
      {file ? `${label}: ${file.name}` : label}
      <input
        hidden
        type="file"
        accept={accept}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
    </Button>
  );
}

/**
 * Adds a video (MP4 or WebM, an optional poster image and WebVTT captions, checked by content on the
 * server) or, given one, edits its fields.
 */
export function VideoDialog({ video: editing, onClose }: { video: TVideo | null; onClose: () => void }) {
  const form = useZodForm(ZVideoFields, {
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    duration_seconds: editing ? String(editing.duration_seconds) : '',
    published: editing?.published ?? false,
  });
  const update = useUpdateVideo();
  const [video, setVideo] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [captions, setCaptions] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const add = useAddVideo();
  const submit = form.submitWith((fields) => {
    if (editing) {
      update.mutate(
        { id: editing.id, fields },
        { onSuccess: onClose, onError: (error) => form.showServerError(error) },
      );
      return;
    }
    if (!video) {
      setFileError('Choose the video to upload.');
      return;
    }
    add.mutate(
      { ...fields, video, poster, captions },
      { onSuccess: onClose, onError: (error) => form.showServerError(error) },
    );
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-video-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-video-title">{editing ? 'Edit video' : 'Add a video'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <FormTextField control={form.control} name="title" label="Title" required />
          <FormTextField
            control={form.control}
            name="description"
            label="Description"
            multiline
            minRows={2}
          />
          <FormTextField
            control={form.control}
            name="duration_seconds"
            label="Duration (seconds)"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {!editing && (
            <>
              <FilePick
                label="Video (MP4 or WebM, 50 MB)"
                accept="video/mp4,video/webm"
                file={video}
                onFile={(f) => {
                  setVideo(f);
                  setFileError(null);
                }}
              />
              <FilePick label="Poster image (optional)" accept="image/*" file={poster} onFile={setPoster} />
              <FilePick
                label="Captions, WebVTT (optional)"
                accept=".vtt,text/vtt"
                file={captions}
                onFile={setCaptions}
              />
            </>
          )}
          {fileError && (
            <Typography role="alert" variant="body2" color="error">
              {fileError}
            </Typography>
          )}
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Publish now"
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={add.isPending || update.isPending}>
            {editing ? 'Save video' : 'Add video'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
