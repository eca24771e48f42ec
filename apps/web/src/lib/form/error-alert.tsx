import Alert from '@mui/material/Alert';
import { ResultAlert } from '../ui/ResultAlert';
import { CORRECT_THE_FIELDS } from './use-zod-form';

/**
 * The form-level message (the server's answer, or "correct the highlighted fields"), when there is one.
 * The server's answer takes the focus, as a save's result does (issue 26, point 6); the request to
 * correct the fields does not, because the first wrong field has it.
 */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return message === CORRECT_THE_FIELDS ? (
    <Alert severity="error">{message}</Alert>
  ) : (
    <ResultAlert severity="error">{message}</ResultAlert>
  );
}
