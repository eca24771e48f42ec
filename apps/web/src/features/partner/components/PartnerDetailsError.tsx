import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import { MessagePanel } from '@/lib/ui/MessagePanel';

/** What a page shows when partner details failed to load: the reason and a real retry. */
export function PartnerDetailsError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <MessagePanel
      tone="error"
      icon={<ErrorOutlined />}
      title="Your account details could not be loaded"
      message={message}
      actions={
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
