import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { REVIEW_REASON_MAX } from '@portico/domain';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { TextInput } from '@/lib/ui/TextInput';

export interface DecisionChoice {
  /** "Forward to the carriers", "Approve", "Reject". */
  label: string;
  reasonRequired: boolean;
  tone: 'primary' | 'error' | 'success';
}

/** Confirms a review decision (brands, aggregators); a rejection asks why (the submitter reads it in the history). */
export function DecisionDialog({
  subjectName,
  choice,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  subjectName: string;
  choice: DecisionChoice;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = choice.reasonRequired && reason.trim() === '';
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="decision-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="decision-title">
        {choice.label}: {subjectName}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {choice.reasonRequired
            ? 'Say why: the submitter reads the reason in the history and in the mail we send.'
            : 'The submitter is told by mail, and the decision is kept in the history.'}
        </DialogContentText>
        <TextInput
          label={choice.reasonRequired ? 'Reason' : 'Reason (optional)'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          required={choice.reasonRequired}
          error={touched && missing}
          helperText={touched && missing ? 'Give a reason: it is shown to the submitter.' : undefined}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REVIEW_REASON_MAX } }}
          // error.main is a shape colour: the label and message use the darker tone to keep AA contrast.
          sx={{ mt: 2 }}
        />
        {pending && <LinearProgress aria-label="Saving the decision" sx={{ mt: 2 }} />}
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
          color={choice.tone}
          sx={choice.tone === 'error' ? { bgcolor: 'error.dark' } : undefined}
          disabled={pending}
          onClick={() => {
            setTouched(true);
            if (!missing) onConfirm(reason.trim() || undefined);
          }}
        >
          {choice.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
