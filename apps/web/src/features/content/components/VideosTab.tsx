import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TVideo } from '@portico/domain';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useVideos } from '../api/videos';
import { ContentToolbar, useContentFilters } from './ContentToolbar';
import { ManageControls } from './ManageControls';

// The editor (a form with its kit) loads only when someone opens it: most readers never do.
const VideoDialog = lazy(() => import('./VideoDialog').then((m) => ({ default: m.VideoDialog })));

/** "1:05", "12:00". */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

function VideoCard({
  video,
  ids,
  index,
  onEdit,
}: {
  video: TVideo;
  ids: number[];
  index: number;
  onEdit: () => void;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box
        component="video"
        controls
        preload="metadata"
        src={video.stream_url}
        poster={video.poster_url ?? undefined}
        aria-label={video.title}
        sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 1 }}
      >
        {video.captions_url && (
          <track kind="captions" src={video.captions_url} srcLang="en" label="English" default />
        )}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {video.title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatDuration(video.duration_seconds)}
          {video.captions_url ? ' · Captions' : ''}
        </Typography>
        {video.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {video.description}
          </Typography>
        )}
      </Box>
      <ManageControls
        kind="videos"
        id={video.id}
        name={video.title}
        published={video.published}
        position={{ ids, index }}
      >
        <Button size="small" onClick={onEdit} aria-label={`Edit ${video.title}`}>
          Edit
        </Button>
      </ManageControls>
    </Paper>
  );
}

/** Videos: title, duration and description; playback streams with HTTP Range, with poster and captions. */
export function VideosTab() {
  const filters = useContentFilters(10);
  const { paging, settled } = filters;
  const [editing, setEditing] = useState<TVideo | 'new' | null>(null);
  const query = useVideos(filters.window, {
    search: filters.params.search,
    include_unpublished: filters.params.include_unpublished,
  });
  return (
    <Box>
      <ContentToolbar
        label="Search videos"
        filters={filters}
        addLabel="Add video"
        onAdd={() => setEditing('new')}
      />
      <ListStatus
        query={query}
        noun="videos"
        empty={
          <EmptyState
            icon={<OndemandVideo />}
            title={settled ? 'No videos match' : 'No videos yet'}
            message={settled ? 'Try other words.' : 'Video guides appear here once published.'}
          />
        }
      >
        {({ items, total }) => (
          <>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              }}
            >
              {items.map((video, index) => (
                <VideoCard
                  key={video.id}
                  video={video}
                  ids={items.map((v) => v.id)}
                  index={index}
                  onEdit={() => setEditing(video)}
                />
              ))}
            </Box>
            <ListPagination paging={paging} count={total} />
          </>
        )}
      </ListStatus>
      {editing && (
        <Suspense fallback={null}>
          <VideoDialog video={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Box>
  );
}
