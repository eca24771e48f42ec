import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { publicationPresentation } from '@portico/domain';
import { useState } from 'react';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { type ContentKind, useChangeContent } from '../api/manage-content';
import { ConfirmDialog } from './ConfirmDialog';

/** Where an item sits in the list it is shown in: for moving it up or down. */
export interface ListPosition {
  ids: number[];
  index: number;
}

/**
 * The management controls of one download, FAQ or video: its state for anyone who may see drafts,
 * and publish / move / delete for those who may change content (the server checks the same policy).
 */
export function ManageControls({
  kind,
  id,
  name,
  published,
  position,
  children,
}: {
  kind: ContentKind;
  id: number;
  name: string;
  published: boolean;
  position: ListPosition;
  children?: React.ReactNode;
}) {
  const canView = useCan('content.manage-view');
  const canManage = useCan('content.manage');
  const change = useChangeContent();
  const [confirming, setConfirming] = useState(false);
  if (!canView) return null;
  const move = (by: -1 | 1) => {
    const ids = [...position.ids];
    const [moved] = ids.splice(position.index, 1);
    if (moved === undefined) return;
    ids.splice(position.index + by, 0, moved);
    change.mutate({ kind, change: 'reorder', ids });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <StatusChip compact presented={publicationPresentation(published)} />
      {canManage && (
        <>
          {children}
          <Button
            size="small"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind, change: published ? 'unpublish' : 'publish', id })}
          >
            {published ? 'Unpublish' : 'Publish'}
          </Button>
          <Tooltip title="Move up">
            <span>
              <IconButton
                size="small"
                aria-label={`Move ${name} up`}
                disabled={position.index === 0 || change.isPending}
                onClick={() => move(-1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton
                size="small"
                aria-label={`Move ${name} down`}
                disabled={position.index === position.ids.length - 1 || change.isPending}
                onClick={() => move(1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label={`Delete ${name}`}
              color="error"
              onClick={() => setConfirming(true)}
            >
              <Delete fontSize="small" />
            </IconButton>
          </Tooltip>
          <ConfirmDialog
            open={confirming}
            title={`Delete "${name}"?`}
            message="It disappears from Developer Assets for everyone. This cannot be undone."
            confirmLabel="Delete"
            onConfirm={() => change.mutate({ kind, change: 'delete', id })}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}
