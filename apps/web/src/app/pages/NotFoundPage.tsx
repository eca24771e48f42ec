import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { MessagePanel } from '@/lib/ui/MessagePanel';

export default function NotFoundPage() {
  return (
    <MessagePanel
      icon={<TravelExploreOutlined />}
      eyebrow="404"
      title="Page not found"
      message="The address may be mistyped, or the page may have moved. Check the link, or start again from the home page."
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          Go to the home page
        </Button>
      }
    />
  );
}
