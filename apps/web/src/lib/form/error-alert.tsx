import Alert from '@mui/material/Alert';

/** The form-level message (the server's answer, or "correct the highlighted fields"), when there is one. */
export function FormErrorAlert({ message }: { message: string | null }) {
  return message ? <Alert severity="error">{message}</Alert> : null;
}
