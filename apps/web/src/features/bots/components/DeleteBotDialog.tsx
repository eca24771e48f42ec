import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { errorMessage } from '@/lib/http/api-error';

/** Confirms deleting a bot: it is removed here and its agent or sender on the network. */
export function DeleteBotDialog({
  name,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="delete-bot-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="delete-bot-title">Delete {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The bot is deleted with its agent (or sender) on the network, its carriers and its test devices.
          This cannot be undone.
        </DialogContentText>
        {pending && <LinearProgress aria-label="Deleting the bot" sx={{ mt: 2 }} />}
        {error !== null && error !== undefined && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          sx={{ bgcolor: 'error.dark' }}
          disabled={pending}
          onClick={onConfirm}
        >
          Delete bot
        </Button>
      </DialogActions>
    </Dialog>
  );
}
