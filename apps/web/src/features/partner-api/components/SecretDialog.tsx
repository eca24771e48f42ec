import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';

/** A secret shown this once, with a copy button: after closing it cannot be read again. */
export function SecretDialog({
  title,
  secret,
  note,
  onClose,
}: {
  title: string;
  secret: string;
  note: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="secret-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="secret-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">This is the only time it is shown. Store it now. {note}</Alert>
        <Box
          component="code"
          data-testid="one-time-secret"
          sx={{ p: 1.5, bgcolor: 'grey.100', borderRadius: 1, wordBreak: 'break-all', fontSize: 14 }}
        >
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          I have stored it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
