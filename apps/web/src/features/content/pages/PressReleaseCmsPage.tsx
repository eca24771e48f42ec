import NewspaperIcon from '@mui/icons-material/Newspaper';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import {
  formatDate,
  MARKETING_LINKS,
  PRESS_RELEASE_STATUSES,
  type PressReleaseStatus,
  publicationPresentation,
  type TExportFormat,
  type TPressRelease,
} from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { redirectToSignIn } from '@/lib/auth/session';
import { useHasValidToken } from '@/lib/auth/use-token';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { PageFrame } from '@/lib/ui/PageFrame';
import { PageLinks } from '@/lib/ui/PageLinks';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { SearchField } from '@/lib/ui/SearchField';
import { SelectField } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { PressReleaseFilters } from '../api/keys';
import { exportPressReleases, useChangePressRelease, usePressReleases } from '../api/press-releases';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PressReleaseEditor } from '../components/PressReleaseEditor';

function ReleaseActions({ release, onEdit }: { release: TPressRelease; onEdit: () => void }) {
  const change = useChangePressRelease();
  const [confirming, setConfirming] = useState(false);
  const published = release.status === 'published';
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${release.title}`}>
        Edit
      </Button>
      <Button
        size="small"
        disabled={change.isPending}
        onClick={() => change.mutate({ change: published ? 'unpublish' : 'submit', id: release.id })}
        aria-label={`${published ? 'Unpublish' : 'Publish'} ${release.title}`}
      >
        {published ? 'Unpublish' : 'Publish'}
      </Button>
      <Button
        size="small"
        color="inherit"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${release.title}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete "${release.title}"?`}
        message="The release and its image are removed, from the public page too. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => change.mutate({ change: 'delete', id: release.id })}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

type SortField = NonNullable<PressReleaseFilters['sort']>;
const STATUS_OPTIONS = PRESS_RELEASE_STATUSES.map((status) => ({
  value: status,
  label: publicationPresentation(status === 'published').short,
}));

function columns(onEdit: (release: TPressRelease) => void): ResponsiveColumn<TPressRelease>[] {
  return [
    { label: 'Title', sortField: 'title', cellSx: { minWidth: 220 }, render: (release) => release.title },
    {
      label: 'Status',
      sortField: 'status',
      render: (release) => <StatusChip presented={publicationPresentation(release.status === 'published')} />,
    },
    {
      label: 'Publish date',
      sortField: 'publish_date',
      cellSx: { whiteSpace: 'nowrap' },
      render: (release) => formatDate(release.publish_date),
    },
    {
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      render: (release) => <ReleaseActions release={release} onEdit={() => onEdit(release)} />,
    },
  ];
}

function PressReleaseCms() {
  const paging = usePaging(10);
  const [editing, setEditing] = useState<TPressRelease | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PressReleaseStatus | ''>('');
  const settled = useDebouncedValue(search.trim(), 300);
  const sort = useListSort<SortField>({ field: 'publish_date', order: 'desc' }, () => paging.setPage(0));
  const filters: PressReleaseFilters = {
    search: search.trim() ? settled : undefined,
    status: status || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const query = usePressReleases(
    { start: paging.page * paging.pageSize, end: (paging.page + 1) * paging.pageSize },
    filters,
  );
  const exporter = useMutation({
    mutationFn: (format: TExportFormat) => exportPressReleases(format, filters),
  });
  const filtered = Boolean(filters.search || filters.status);
  const tableColumns = columns(setEditing);
  return (
    <PageFrame
      title="Press Releases"
      description="Write, preview and publish press releases. Published ones appear on the public Press page from their publish date."
      actions={
        editing === null && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New press release
          </Button>
        )
      }
    >
      {notice && (
        <ResultAlert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </ResultAlert>
      )}
      {editing !== null && (
        <Box sx={{ mb: 3 }}>
          <PressReleaseEditor
            key={editing === 'new' ? 'new' : editing.id}
            release={editing === 'new' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              setNotice(message || null);
            }}
          />
        </Box>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ListToolbar
          wideColumns="minmax(0, 1fr) 200px 240px"
          onExport={(format) => exporter.mutate(format)}
          exporting={exporter.isPending}
          exportError={exporter.error}
        >
          <SearchField
            label="Search press releases"
            placeholder="Title or summary"
            value={search}
            onChange={(next) => {
              setSearch(next);
              paging.setPage(0);
            }}
          />
          <SelectField
            label="Status"
            all="Drafts and published"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(next) => {
              setStatus(next);
              paging.setPage(0);
            }}
          />
          <SortSelect columns={tableColumns} sort={sort.tableSort} />
        </ListToolbar>
        <ListStatus
          query={query}
          noun="press releases"
          empty={
            <EmptyState
              icon={<NewspaperIcon />}
              title={filtered ? 'No press releases match' : 'No press releases yet'}
              message={
                filtered
                  ? 'Try other words or another status.'
                  : 'Write the first one with New press release.'
              }
            />
          }
        >
          {({ items, total }) => (
            <>
              <ResponsiveTable
                label="Press releases"
                columns={tableColumns}
                rows={items}
                rowKey={(release) => String(release.id)}
                hover
                sort={sort.tableSort}
              />
              <ListPagination paging={paging} count={total} />
            </>
          )}
        </ListStatus>
      </Paper>
      {/* The marketing admin's header is bare: the rest of what it may open is linked here (issue 26). */}
      <Box sx={{ mt: 4 }}>
        <PageLinks title="More for you" links={MARKETING_LINKS} />
      </Box>
    </PageFrame>
  );
}

/** /marketing/PressReleaseCms: the marketing admin's press releases (a public-area route with the bare header). */
export default function PressReleaseCmsPage() {
  const signedIn = useHasValidToken();
  const { status } = usePartnerDetails();
  const canManage = useCan('press-releases.manage');
  if (!signedIn) {
    return (
      <PageFrame title="Press Releases">
        <EmptyState
          title="Sign in to manage press releases"
          message="This page is for the marketing team."
          action={
            <Button variant="contained" onClick={() => void redirectToSignIn()}>
              Sign in
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (status === 'loading' || status === 'idle')
    return (
      <Box role="status" sx={{ p: 3 }}>
        Loading…
      </Box>
    );
  if (!canManage) {
    return (
      <PageFrame title="Press Releases">
        <Alert severity="warning">
          Press releases are managed by the marketing admin. Your account cannot change them.
        </Alert>
      </PageFrame>
    );
  }
  return <PressReleaseCms />;
}
