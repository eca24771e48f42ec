import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Button from '@mui/material/Button';
import { HTTP_STATUS_MESSAGES } from '@portico/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { MessagePanel } from '@/lib/ui/MessagePanel';

/** /500: where a network error or an HTTP status of 500 or more lands (spec section 8). */
export default function ServerErrorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const back = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;

  return (
    <MessagePanel
      tone="error"
      icon={<CloudOffOutlined />}
      eyebrow="500 · Server error"
      title="Something went wrong on our side"
      message={HTTP_STATUS_MESSAGES[500]}
      actions={
        <>
          <Button
            variant="contained"
            onClick={() => {
              // "Try again" means it: the queries that failed are fetched afresh on the way back.
              void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
              if (back) void navigate(back, { replace: true });
              else void navigate(-1);
            }}
          >
            Go back and try again
          </Button>
          <Button variant="outlined" component={RouterLink} to="/">
            Go to the home page
          </Button>
        </>
      }
    />
  );
}
