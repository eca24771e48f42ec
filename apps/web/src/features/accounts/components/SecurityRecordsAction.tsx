import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** The profile page's way to /admin/audit-log, as a page-header action (for those with audit-log.read). */
export function SecurityRecordsAction() {
  return (
    <Button component={RouterLink} to="/admin/audit-log" variant="outlined" startIcon={<ShieldOutlined />}>
      Security records
    </Button>
  );
}
