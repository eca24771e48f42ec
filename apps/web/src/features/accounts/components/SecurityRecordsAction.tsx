import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Button from '@mui/material/Button';
import { isProviderAdminRole } from '@portico/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * The profile page's way to /admin/audit-log, as a page-header action: only for the provider's
 * admins (who may read the records, audit-log.read); nothing for everyone else.
 */
export function securityRecordsAction(role: string | null): ReactNode {
  if (!isProviderAdminRole(role)) return undefined;
  return (
    <Button component={RouterLink} to="/admin/audit-log" variant="outlined" startIcon={<ShieldOutlined />}>
      Security records
    </Button>
  );
}
