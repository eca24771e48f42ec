import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import { HTTP_STATUS_MESSAGES } from '@portico/domain';
import { MessagePanel } from '@/lib/ui/MessagePanel';

/** A screen that crashed while rendering: never a blank page. */
export function RouteErrorPage() {
  return (
    <MessagePanel
      tone="error"
      icon={<ErrorOutlined />}
      title="This page stopped working"
      message={HTTP_STATUS_MESSAGES.default}
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button variant="outlined" href="/">
            Go to the home page
          </Button>
        </>
      }
    />
  );
}
