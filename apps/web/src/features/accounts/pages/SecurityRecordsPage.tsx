import LockOutlined from '@mui/icons-material/LockOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  auditActionLabel,
  auditSentence,
  formatDateTimeZoned,
  type TAuditRecord,
  type TExportFormat,
} from '@portico/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { DayField } from '@/lib/ui/DayField';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { PageFrame } from '@/lib/ui/PageFrame';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SelectField } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type AuditLogFilters, auditLogQueryOptions, exportAuditLog } from '../api/audit-log';

const BREADCRUMBS = [
  { label: 'Platform admin', to: '/admin/dashboard' },
  { label: 'Edit Profile', to: '/admin/edit-profile' },
];
const DESCRIPTION =
  'Sign-ins, failed sign-ins, sign-outs, password changes, invitations, role changes and changes to bots, brands and content, newest first. Times are in your time zone, stated with each; the date filters are UTC days.';

/** /admin/audit-log: the security records, for the provider's admins (the server's audit-log.read). */
export default function SecurityRecordsPage() {
  const partner = usePartnerDetails();
  const canRead = useCan('audit-log.read');
  if (partner.status === 'loading' || partner.status === 'idle') {
    return (
      <PageFrame title="Security Records" breadcrumbs={BREADCRUMBS}>
        <CenteredStatus label="Loading…" />
      </PageFrame>
    );
  }
  // The title of the refusal is the page's one h1, as on the other not-allowed pages.
  if (!canRead) {
    return (
      <MessagePanel
        eyebrow="403"
        tone="warning"
        icon={<LockOutlined />}
        title="Security records are for platform admins"
        message="Only the provider's admins can see who signed in and what changed. Ask your super admin if you need a record."
        actions={
          <Button component={RouterLink} to="/admin/edit-profile" variant="contained">
            Back to your profile
          </Button>
        }
      />
    );
  }
  return (
    <PageFrame title="Security Records" breadcrumbs={BREADCRUMBS} description={DESCRIPTION}>
      <SecurityRecords />
    </PageFrame>
  );
}

function SecurityRecords() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [email, setEmail] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const paging = usePaging(25);
  const { page, pageSize, setPage } = paging;
  const start = page * pageSize;
  const sort = useListSort<SortField>({ field: 'created_at', order: 'desc' }, () => setPage(0));
  // Typing waits for a pause; clearing the field applies at once.
  const settledEmail = useDebouncedValue(email.trim(), 350);
  const typedEmail = email.trim() ? settledEmail : '';
  const dateError = from && to && from > to ? 'To must not be before From' : null;
  const filters: AuditLogFilters = {
    action: action || undefined,
    email: typedEmail,
    from,
    to,
    sort: sort.field,
    order: sort.order,
  };
  const filtered = Boolean(action || email.trim() || from || to);
  const records = useQuery({
    ...auditLogQueryOptions({ start, end: start + pageSize }, filters),
    enabled: dateError === null,
  });
  const exporter = useMutation({ mutationFn: (format: TExportFormat) => exportAuditLog(format, filters) });

  /** Every filter change starts again from the first page. */
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };
  const clear = () => {
    setAction('');
    setEmail('');
    setFrom('');
    setTo('');
    setPage(0);
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Security records" sx={{ overflow: 'hidden' }}>
      <Box
        role="search"
        aria-label="Filter security records"
        sx={{
          p: 2,
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: '1fr',
            sm: '1fr 1fr',
            md: '200px minmax(0, 1fr) 180px 180px auto',
          },
        }}
      >
        <SelectField
          label="Action"
          all="All actions"
          value={action}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }))}
          onChange={(value) => change(setAction)(value as AuditAction | '')}
        />
        <TextInput
          size="small"
          type="search"
          label="Email"
          placeholder="Part of an email"
          value={email}
          onChange={(event) => change(setEmail)(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: { shrink: true } }}
        />
        <DayField label="From" value={from} onChange={change(setFrom)} />
        <DayField label="To" value={to} error={dateError} onChange={change(setTo)} />
        <Button
          onClick={clear}
          disabled={!filtered}
          sx={{ justifySelf: 'start', whiteSpace: 'nowrap', mt: 0.25 }}
        >
          Clear filters
        </Button>
        <SortSelect columns={COLUMNS} sort={sort.tableSort} />
      </Box>
      <Box sx={{ px: 2, pb: 2, display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <ExportButtons
          disabled={exporter.isPending || dateError !== null}
          onExport={(format) => exporter.mutate(format)}
        />
      </Box>
      {exporter.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(exporter.error)}
        </Alert>
      )}
      <ListStatus
        query={records}
        noun="security records"
        hidden={dateError !== null}
        empty={
          <EmptyState
            headingLevel="h2"
            icon={<ManageSearchOutlined />}
            title={filtered ? 'No security records match these filters' : 'No security records yet'}
            message={
              filtered
                ? 'Try another action, part of an email or a wider date range.'
                : 'Sign-ins, password changes and changes to users will be listed here.'
            }
            action={filtered ? <Button onClick={clear}>Clear filters</Button> : undefined}
          />
        }
      >
        {(list) => (
          <>
            <ResponsiveTable
              label="Security records"
              columns={COLUMNS}
              rows={list.items}
              rowKey={(record) => String(record.id)}
              hover
              sort={sort.tableSort}
            />
            <ListPagination paging={paging} count={list.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}

type SortField = NonNullable<AuditLogFilters['sort']>;

/** When a record was written: the spec's date format in the viewer's zone (stated), the exact instant on hover. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {String(formatDateTimeZoned(iso))}
    </time>
  );
}

const actionColor = (action: string): 'error' | 'primary' | 'default' =>
  action === 'sign-in.failed' ? 'error' : action.startsWith('sign-') ? 'default' : 'primary';

function ActionChip({ action }: { action: string }) {
  const color = actionColor(action);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={auditActionLabel(action)}
      // error.main is a shape colour: as small text it misses WCAG AA contrast on white.
      sx={color === 'error' ? { color: 'error.dark' } : undefined}
    />
  );
}

const COLUMNS: readonly ResponsiveColumn<TAuditRecord>[] = [
  {
    label: 'When',
    sortField: 'created_at',
    cellSx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    render: (record) => <When iso={record.createdAt} />,
  },
  { label: 'Action', sortField: 'action', render: (record) => <ActionChip action={record.action} /> },
  {
    label: 'What happened',
    cellSx: { minWidth: 280, overflowWrap: 'anywhere' },
    render: (record) => auditSentence(record),
  },
  {
    label: 'IP address',
    cellSx: { whiteSpace: 'nowrap', fontSize: '0.8125rem', color: 'text.secondary' },
    render: (record) => record.ip ?? 'Not known',
  },
];
