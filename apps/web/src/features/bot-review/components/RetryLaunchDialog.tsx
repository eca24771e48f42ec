import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { errorMessage } from '@/lib/http/api-error';

/** Confirms retrying a failed launch on one carrier's network (the launch job never launches twice). */
export function RetryLaunchDialog({
  botName,
  carrierName,
  reason,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  botName: string;
  carrierName: string;
  reason: string | null;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="retry-launch-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="retry-launch-title">
        Retry the launch of {botName} on {carrierName}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          The launch is asked of {carrierName}’s network again. The developer sees the result in the history.
        </DialogContentText>
        {reason && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The network answered last time: {reason}
          </Alert>
        )}
        {pending && <LinearProgress aria-label="Retrying the launch" sx={{ mt: 2 }} />}
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
        <Button variant="contained" disabled={pending} onClick={onConfirm}>
          Retry launch
        </Button>
      </DialogActions>
    </Dialog>
  );
}
