import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DOWNLOAD_CATEGORIES, DOWNLOAD_CATEGORY_LABELS, formatDate, type TDownload } from '@portico/domain';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useDownloadFile, useDownloads } from '../api/downloads';
import { ContentToolbar, useContentFilters } from './ContentToolbar';
import { ManageControls } from './ManageControls';

// The editor (a form with its kit) loads only when someone opens it: most readers never do.
const DownloadDialog = lazy(() => import('./DownloadDialog').then((m) => ({ default: m.DownloadDialog })));

/** "1.2 MB", "640 KB" (the spec's byte unit is 1000). */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} B`;
}

/** Downloads grouped by category: name, description, type, size and updated date. */
export function DownloadsTab() {
  const filters = useContentFilters(25);
  const { paging, settled, category } = filters;
  const [editing, setEditing] = useState<TDownload | 'new' | null>(null);
  const query = useDownloads(filters.window, filters.params);
  const save = useDownloadFile();

  return (
    <Box>
      <ContentToolbar
        label="Search downloads"
        filters={filters}
        categories={DOWNLOAD_CATEGORY_LABELS}
        addLabel="Add download"
        onAdd={() => setEditing('new')}
      />
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The file could not be downloaded: {errorMessage(save.error)}
        </Alert>
      )}
      <ListStatus
        query={query}
        noun="downloads"
        empty={
          <EmptyState
            icon={<FolderOpenOutlined />}
            title={settled || category ? 'No downloads match' : 'No downloads yet'}
            message={
              settled || category
                ? 'Try other words or another category.'
                : 'SDKs, guides and brand assets appear here once published.'
            }
          />
        }
      >
        {({ items, total }) => (
          <>
            {DOWNLOAD_CATEGORIES.filter((c) => items.some((item) => item.category === c)).map((group) => {
              const inGroup = items.filter((item) => item.category === group);
              const ids = inGroup.map((item) => item.id);
              return (
                <Box component="section" key={group} aria-labelledby={`downloads-${group}`} sx={{ mb: 3 }}>
                  <Typography id={`downloads-${group}`} variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                    {DOWNLOAD_CATEGORY_LABELS[group]}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                    {inGroup.map((item: TDownload, index) => (
                      <Paper component="li" variant="outlined" key={item.id} sx={{ p: 2 }}>
                        <Box
                          sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}
                        >
                          <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
                            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                              {item.name}
                            </Typography>
                            {item.description && (
                              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                                {item.description}
                              </Typography>
                            )}
                            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                              {item.type} · {formatSize(item.size)} · Updated {formatDate(item.updated_at)}
                            </Typography>
                          </Box>
                          <Box
                            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}
                          >
                            <Button
                              variant="outlined"
                              startIcon={<DownloadOutlined />}
                              onClick={() => save.mutate(item)}
                              aria-label={`Download ${item.name}`}
                            >
                              Download
                            </Button>
                            <ManageControls
                              kind="downloads"
                              id={item.id}
                              name={item.name}
                              published={item.published}
                              position={{ ids, index }}
                            >
                              <Button
                                size="small"
                                onClick={() => setEditing(item)}
                                aria-label={`Edit ${item.name}`}
                              >
                                Edit
                              </Button>
                            </ManageControls>
                          </Box>
                        </Box>
                      </Paper>
                    ))}
                  </Box>
                </Box>
              );
            })}
            <ListPagination paging={paging} count={total} />
          </>
        )}
      </ListStatus>
      {editing && (
        <Suspense fallback={null}>
          <DownloadDialog download={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Box>
  );
}
