import NewspaperIcon from '@mui/icons-material/Newspaper';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate } from '@portico/domain';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { usePublicPressRelease, usePublicPressReleases } from '../api/press-releases';
import { PressReleaseArticle } from '../components/PressReleaseArticle';

function PressRelease({ id }: { id: number }) {
  const release = usePublicPressRelease(id);
  return (
    <PageFrame
      title={release.data?.title ?? 'Press release'}
      breadcrumbs={[{ label: 'Press', to: '/press' }]}
    >
      {release.isPending ? (
        <Box role="status">Loading the press release…</Box>
      ) : release.isError ? (
        <Alert severity="error">This press release could not be loaded: {errorMessage(release.error)}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <PressReleaseArticle release={release.data} headingLevel="h1" />
        </Paper>
      )}
    </PageFrame>
  );
}

function PressList() {
  const paging = usePaging(10);
  const query = usePublicPressReleases({
    start: paging.page * paging.pageSize,
    end: (paging.page + 1) * paging.pageSize,
  });
  return (
    <PageFrame title="Press" description="News and announcements.">
      <ListStatus
        query={query}
        noun="press releases"
        empty={
          <EmptyState
            icon={<NewspaperIcon />}
            title="No press releases yet"
            message="Announcements appear here once published."
          />
        }
      >
        {({ items, total }) => (
          <>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
              {items.map((release) => (
                <Paper component="li" variant="outlined" key={release.id} sx={{ p: 2.5 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                    <Link component={RouterLink} to={`/press/${release.id}`} underline="hover">
                      {release.title}
                    </Link>
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    <time dateTime={release.publish_date}>{formatDate(release.publish_date)}</time>
                  </Typography>
                  {release.summary && <Typography sx={{ mt: 1 }}>{release.summary}</Typography>}
                </Paper>
              ))}
            </Box>
            <ListPagination paging={paging} count={total} />
          </>
        )}
      </ListStatus>
    </PageFrame>
  );
}

/** /press and /press/:id: published press releases, readable by anyone (linked from the footer). */
export default function PressPage() {
  const { pathname } = useLocation();
  const id = Number(/^\/press\/(\d+)\/?$/.exec(pathname)?.[1]);
  return Number.isInteger(id) && id > 0 ? <PressRelease id={id} /> : <PressList />;
}
