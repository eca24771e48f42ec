import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TServiceAccountKeyFile } from '@portico/domain';
import { useEffect } from 'react';

/** The key file's name, as Google names a downloaded key: project and the key id's start. */
export const keyFileName = (key: TServiceAccountKeyFile) =>
  `${key.project_id}-${key.private_key_id.slice(0, 12)}.json`;

/** Saves the key file through the browser (it exists nowhere else: only its public half is kept). */
export function saveKeyFile(key: TServiceAccountKeyFile) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(key, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = keyFileName(key);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A new key file: downloaded at once, with how to use it; it cannot be shown again after closing. */
export function KeyFileDialog({
  keyFile,
  onClose,
}: {
  keyFile: TServiceAccountKeyFile;
  onClose: () => void;
}) {
  useEffect(() => saveKeyFile(keyFile), [keyFile]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="key-file-title">
      <DialogTitle id="key-file-title">Service-account key downloaded</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1 }}>
        <DialogContentText>
          {keyFileName(keyFile)} is in your downloads. Give it to Google's client library as you would a key
          from Google (service account {keyFile.client_email}); its token endpoint is ours. We keep only its
          public key: once you close this, the file cannot be downloaded again (rotate it for a new one).
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => saveKeyFile(keyFile)}>Download again</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
