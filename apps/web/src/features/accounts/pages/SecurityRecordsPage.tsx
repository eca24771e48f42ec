import LockOutlined from '@mui/icons-material/LockOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, type AuditAction, formatDateTimeZoned, type TAuditRecord } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type AuditLogFilters, auditLogQueryOptions } from '../api/audit-log';
import { ACTION_LABELS, actionColor, actionLabel, describeDetail } from '../components/audit-labels';
import { EmailText } from '../components/EmailText';

const BREADCRUMBS = [
  { label: 'Platform admin', to: '/admin/dashboard' },
  { label: 'Edit Profile', to: '/admin/edit-profile' },
];
const DESCRIPTION =
  'Sign-ins, failed sign-ins, sign-outs, password changes, invitations and role changes, newest first. Times are in your time zone, stated with each; the date filters are UTC days.';

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
  // Typing waits for a pause; clearing the field applies at once.
  const settledEmail = useDebouncedValue(email.trim(), 350);
  const typedEmail = email.trim() ? settledEmail : '';
  const dateError = from && to && from > to ? 'To must not be before From' : null;
  const filters: AuditLogFilters = { action: action || undefined, email: typedEmail, from, to };
  const filtered = Boolean(action || email.trim() || from || to);
  const records = useQuery({
    ...auditLogQueryOptions({ start, end: start + pageSize }, filters),
    enabled: dateError === null,
  });

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
            md: '200px minmax(0, 1fr) 160px 160px auto',
          },
        }}
      >
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(event) => change(setAction)(event.target.value as AuditAction | '')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {ACTION_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Email"
          placeholder="Part of an email"
          value={email}
          onChange={(event) => change(setEmail)(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="From"
          value={from}
          onChange={(event) => change(setFrom)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={to}
          error={dateError !== null}
          helperText={dateError ?? undefined}
          onChange={(event) => change(setTo)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          onClick={clear}
          disabled={!filtered}
          sx={{ justifySelf: 'start', whiteSpace: 'nowrap', mt: 0.25 }}
        >
          Clear filters
        </Button>
      </Box>
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
            <RecordTable records={list.items} />
            <RecordCards records={list.items} />
            <ListPagination paging={paging} count={list.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}

/** When a record was written: the spec's date format in the viewer's zone (stated), the exact instant on hover. */
/** The spec's date and time with its zone; in a narrow column the time and zone go under the date. */
function When({ iso }: { iso: string }) {
  const [day, time] = String(formatDateTimeZoned(iso)).split(' | ');
  return (
    <time dateTime={iso} title={iso}>
      {time === undefined ? (
        day
      ) : (
        <>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${day} |`}</Box>{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {time}
          </Box>
        </>
      )}
    </time>
  );
}

function ActionChip({ action }: { action: string }) {
  const color = actionColor(action);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={actionLabel(action)}
      // error.main is a shape colour: as small text it misses WCAG AA contrast on white.
      sx={color === 'error' ? { color: 'error.dark' } : undefined}
    />
  );
}

const dash = (
  <Box component="span" sx={{ color: 'text.disabled' }}>
    —
  </Box>
);

/** An email, or a dash where the record has none (a failed sign-in has no actor). */
function Email({ email }: { email: string | null }) {
  return email === null ? dash : <EmailText email={email} />;
}

/** From 900 px: one row per record. */
function RecordTable({ records }: { records: TAuditRecord[] }) {
  return (
    <TableContainer sx={{ display: { xs: 'none', md: 'block' } }}>
      <Table size="small" aria-label="Security records" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Concerning</TableCell>
            <TableCell>IP address</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => (
            <TableRow key={record.id} hover>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 112 }}>
                <When iso={record.createdAt} />
              </TableCell>
              <TableCell>
                <ActionChip action={record.action} />
              </TableCell>
              <TableCell sx={{ fontSize: '0.8125rem' }}>
                <Email email={record.actorEmail} />
              </TableCell>
              <TableCell sx={{ fontSize: '0.8125rem' }}>
                <Email email={record.subjectEmail} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontSize: '0.8125rem', color: 'text.secondary' }}>
                {record.ip ?? dash}
              </TableCell>
              <TableCell>
                {/* The table layout honours a content's width limits, not a cell's: the details
                    wrap within 140-240 px and leave the emails room for one line. */}
                <Box sx={{ minWidth: 140, maxWidth: 240 }}>{describeDetail(record)}</Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below 900 px: one card per record, every field in sight (a table would hide half of them). */
function RecordCards({ records }: { records: TAuditRecord[] }) {
  return (
    <Box
      component="ul"
      aria-label="Security records"
      sx={{ display: { xs: 'block', md: 'none' }, listStyle: 'none', m: 0, p: 0 }}
    >
      {records.map((record) => (
        <Box component="li" key={record.id} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <ActionChip action={record.action} />
            <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
              <When iso={record.createdAt} />
            </Typography>
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mt: 1,
              fontSize: '0.875rem',
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>By</dt>
            <dd>
              <Email email={record.actorEmail} />
            </dd>
            <dt>Concerning</dt>
            <dd>
              <Email email={record.subjectEmail} />
            </dd>
            {record.detail && (
              <>
                <dt>Details</dt>
                <dd>{describeDetail(record)}</dd>
              </>
            )}
            <dt>IP address</dt>
            <dd>{record.ip ?? dash}</dd>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
