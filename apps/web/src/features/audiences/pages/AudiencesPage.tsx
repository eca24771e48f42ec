import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import {
  AUDIENCE_STATUS_LABELS,
  AUDIENCE_STATUSES,
  type AudienceSort,
  type AudienceStatus,
  formatDateTime,
  type TAudience,
} from '@portico/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { UploadPanel } from '@/lib/audiences/UploadPanel';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { PageFrame } from '@/lib/ui/PageFrame';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SelectField } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { audiencesQueryOptions, useDeleteAudience, useExportAudiences } from '../api/audiences';
import { AudienceResult } from '../components/AudienceResult';

const figure = (n: number) => n.toLocaleString('en-US');

/** The list as it opens: the first page of ten, newest first, nothing filtered. */
const FIRST_PAGE_SIZE = 10;
const FIRST_SORT = { field: 'created_at', order: 'desc' } as const satisfies {
  field: AudienceSort;
  order: 'asc' | 'desc';
};

/**
 * The page's first data (the list's first page), asked for ahead by Screen.preload.
 * @public (read from the page module by lib/feature.ts, not imported by name)
 */
export const prefetch = (client: QueryClient) =>
  client.prefetchQuery({
    ...audiencesQueryOptions(
      { start: 0, end: FIRST_PAGE_SIZE },
      { sort: FIRST_SORT.field, order: FIRST_SORT.order },
    ),
    staleTime: 10_000,
  });

/** MY CAMPAIGNS' audiences: upload with the live check, the chosen audience's result, the list. */
export default function AudiencesPage() {
  const canWrite = useCan('audiences.write');
  const [params, setParams] = useSearchParams();
  const selected = params.get('audience');
  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('audience', id);
        else next.delete('audience');
        return next;
      },
      { replace: true },
    );
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AudienceStatus | ''>('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(FIRST_PAGE_SIZE);
  const start = paging.page * paging.pageSize;
  const sort = useListSort<AudienceSort>(FIRST_SORT, () => paging.setPage(0));
  const filters = {
    search: debounced || undefined,
    status: status || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const list = useQuery(audiencesQueryOptions({ start, end: start + paging.pageSize }, filters));
  const exporter = useExportAudiences();
  const remove = useDeleteAudience();
  const [deleting, setDeleting] = useState<TAudience | null>(null);
  const filtered = Boolean(filters.search || filters.status);
  const columns: ResponsiveColumn<TAudience>[] = [
    {
      label: 'Name',
      sortField: 'name',
      render: (a) => <Box sx={{ overflowWrap: 'anywhere' }}>{a.name}</Box>,
    },
    { label: 'Status', sortField: 'status', render: (a) => AUDIENCE_STATUS_LABELS[a.status] },
    { label: 'Kept', sortField: 'kept', align: 'right', render: (a) => figure(a.kept) },
    { label: 'Refused', sortField: 'refused', align: 'right', render: (a) => figure(a.refused) },
    {
      label: 'Uploaded (UTC)',
      sortField: 'created_at',
      render: (a) => formatDateTime(a.created_at, '+00:00'),
    },
    {
      label: 'Actions',
      hideLabel: true,
      render: (a) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" aria-label={`View ${a.name}`} onClick={() => select(a.audience_id)}>
            View
          </Button>
          {canWrite && (
            <Button size="small" aria-label={`Delete ${a.name}`} onClick={() => setDeleting(a)}>
              Delete
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <PageFrame
      title="Audiences"
      breadcrumbs={[{ label: 'My Campaigns', to: '/u/my-campaigns' }]}
      description="The recipients of your campaigns: upload a file, see every line checked, reuse it later."
      actions={
        <Button component={RouterLink} to="/u/opt-outs" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
          Opt-out list
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {canWrite && <UploadPanel onUploaded={select} />}
        {selected && <AudienceResult key={selected} audienceId={selected} />}
        <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-label="Your audiences">
          <ListToolbar
            wideColumns="minmax(0, 2fr) minmax(0, 1fr)"
            exporting={exporter.isPending}
            exportError={exporter.error}
            onExport={(format) => exporter.mutate({ format, filters })}
          >
            <TextInput
              size="small"
              label="Search by name or file"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                paging.setPage(0);
              }}
            />
            <SelectField
              label="Status"
              all="Any status"
              value={status}
              options={AUDIENCE_STATUSES.map((s) => ({ value: s, label: AUDIENCE_STATUS_LABELS[s] }))}
              onChange={(value) => {
                setStatus(value as AudienceStatus | '');
                paging.setPage(0);
              }}
            />
            <SortSelect columns={columns} sort={sort.tableSort} />
          </ListToolbar>
          {remove.isError && (
            <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
          <ListStatus
            query={list}
            noun="audiences"
            empty={
              <EmptyState
                headingLevel="h3"
                icon={<GroupsOutlined />}
                title={filtered ? 'No audience matches' : 'No audiences yet'}
                message={
                  filtered
                    ? 'Change the search or the status.'
                    : 'Upload a file above: its check starts at once.'
                }
              />
            }
          >
            {(data) => (
              <>
                <ResponsiveTable
                  label="Audiences"
                  sort={sort.tableSort}
                  rows={data.items}
                  rowKey={(a) => a.audience_id}
                  columns={columns}
                />
                <ListPagination paging={paging} count={data.total} />
              </>
            )}
          </ListStatus>
        </Paper>
      </Box>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="delete-audience-title"
      >
        <DialogTitle id="delete-audience-title">Delete this audience?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting?.name}: its {figure(deleting?.kept ?? 0)} recipients, its refused lines and the uploaded
            file are deleted. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              remove.mutate(deleting.audience_id, {
                onSuccess: () => {
                  if (selected === deleting.audience_id) select(null);
                  setDeleting(null);
                },
              });
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
}
