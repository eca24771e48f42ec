import NewspaperIcon from '@mui/icons-material/Newspaper';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDate, MARKETING_LINKS, publicationPresentation, type TPressRelease } from '@portico/domain';
import { useState } from 'react';
import { redirectToSignIn } from '@/lib/auth/session';
import { useHasValidToken } from '@/lib/auth/use-token';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { PageLinks } from '@/lib/ui/PageLinks';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { useChangePressRelease, usePressReleases } from '../api/press-releases';
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

function PressReleaseCms() {
  const paging = usePaging(10);
  const [editing, setEditing] = useState<TPressRelease | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = usePressReleases(
    { start: paging.page * paging.pageSize, end: (paging.page + 1) * paging.pageSize },
    {},
  );
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
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
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
      <Paper variant="outlined">
        <ListStatus
          query={query}
          noun="press releases"
          empty={
            <EmptyState
              icon={<NewspaperIcon />}
              title="No press releases yet"
              message="Write the first one with New press release."
            />
          }
        >
          {({ items, total }) => (
            <>
              <TableContainer>
                <Table aria-label="Press releases">
                  <TableHead>
                    <TableRow>
                      <TableCell>Title</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Publish date</TableCell>
                      <TableCell align="right">Actions</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((release) => (
                      <TableRow key={release.id}>
                        <TableCell>{release.title}</TableCell>
                        <TableCell>
                          <StatusChip presented={publicationPresentation(release.status === 'published')} />
                        </TableCell>
                        <TableCell>{formatDate(release.publish_date)}</TableCell>
                        <TableCell align="right">
                          <ReleaseActions release={release} onEdit={() => setEditing(release)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
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
