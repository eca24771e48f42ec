import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { MessagePanel } from '@/lib/ui/MessagePanel';

/** Route access by prefix refused this page for the signed-in role (HTTP 403 in spirit). */
export function ForbiddenPage({ homePath }: { homePath: string }) {
  return (
    <MessagePanel
      tone="warning"
      icon={<BlockOutlined />}
      eyebrow="403 · Not allowed"
      title="You don't have access to this page"
      message="This part of the portal belongs to another kind of account. If you think you should see it, ask an administrator of your organisation to check your role."
      actions={
        <Button variant="contained" component={RouterLink} to={homePath}>
          Go to your home page
        </Button>
      }
    />
  );
}
