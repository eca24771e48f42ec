import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DOWNLOAD_CATEGORY_LABELS, type TDownload, ZDownloadFields } from '@portico/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { useAddDownload, useUpdateDownload } from '../api/downloads';

/**
 * Adds a download (the file, checked by content on the server: PDF, ZIP, CSV or image, and its
 * fields) or, given one, edits its fields.
 */
export function DownloadDialog({ download, onClose }: { download: TDownload | null; onClose: () => void }) {
  const form = useZodForm(ZDownloadFields, {
    category: download?.category ?? 'guide',
    name: download?.name ?? '',
    description: download?.description ?? '',
    published: download?.published ?? false,
  });
  const update = useUpdateDownload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const add = useAddDownload();
  const submit = form.submitWith((fields) => {
    if (download) {
      update.mutate(
        { id: download.id, fields },
        { onSuccess: onClose, onError: (error) => form.showServerError(error) },
      );
      return;
    }
    if (!file) {
      setFileError('Choose the file to upload.');
      return;
    }
    add.mutate({ ...fields, file }, { onSuccess: onClose, onError: (error) => form.showServerError(error) });
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-download-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-download-title">{download ? 'Edit download' : 'Add a download'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <FormSelectField control={form.control} name="category" label="Category">
            {Object.entries(DOWNLOAD_CATEGORY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </FormSelectField>
          <FormTextField control={form.control} name="name" label="Name" required />
          <FormTextField
            control={form.control}
            name="description"
            label="Description"
            multiline
            minRows={2}
          />
          {!download && (
            <Button variant="outlined" component="label">
              {file ? `File: ${file.name}` : 'Choose file (PDF, ZIP, CSV or image, 20 MB)'}
              <input
                hidden
                type="file"
                accept=".pdf,.zip,.csv,image/*"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
            </Button>
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
            {download ? 'Save download' : 'Add download'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
