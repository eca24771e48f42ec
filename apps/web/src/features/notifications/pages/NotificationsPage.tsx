import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { homePathFor } from '@portico/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useMarkRead, useNotifications } from '../api/notifications';
import { NotificationText } from '../components/NotificationItem';

/** /u/notifications, /billing/notifications, /admin/notifications: every notification of the user, in pages. */
export default function NotificationsPage() {
  const { navUser } = usePartnerDetails();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const paging = usePaging(10);
  const start = paging.page * paging.pageSize;
  const query = useNotifications(start, start + paging.pageSize, unreadOnly);
  const mark = useMarkRead();
  const unread = query.data?.unread ?? 0;
  return (
    <PageFrame
      title="Notifications"
      breadcrumbs={navUser ? [{ label: 'Home', to: homePathFor(navUser) }] : []}
      description="Decisions on your launches, brands and templates, reviews waiting for you, and wallet alerts."
      actions={
        <Button
          variant="outlined"
          disabled={unread === 0 || mark.isPending}
          onClick={() => mark.mutate('all')}
        >
          Mark all read
        </Button>
      }
    >
      <Paper variant="outlined">
        <Box
          sx={{
            px: 2,
            py: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <FormControlLabel
            control={
              <Switch
                checked={unreadOnly}
                onChange={(event) => {
                  setUnreadOnly(event.target.checked);
                  paging.setPage(0);
                }}
              />
            }
            label="Unread only"
          />
          <Box role="status" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            {unread === 1 ? '1 unread' : `${unread} unread`}
          </Box>
        </Box>
        <ListStatus
          query={query}
          noun="notifications"
          empty={
            <EmptyState
              icon={<NotificationsNoneOutlined />}
              title={unreadOnly ? 'Nothing unread' : 'No notifications yet'}
              message="Decisions on what you submit, reviews waiting for you and wallet alerts appear here."
            />
          }
        >
          {({ items, total }) => (
            <>
              <Box component="ul" aria-label="Notifications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {items.map((notification) => (
                  <Box
                    component="li"
                    key={notification.id}
                    sx={{
                      display: 'flex',
                      flexDirection: { xs: 'column', sm: 'row' },
                      gap: 1,
                      alignItems: { sm: 'center' },
                      px: 2,
                      py: 1.5,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <NotificationText notification={notification} />
                    </Box>
                    <Box sx={{ display: 'flex', gap: 1, pl: { xs: 4, sm: 0 } }}>
                      <Button
                        size="small"
                        variant="outlined"
                        component={RouterLink}
                        to={notification.link}
                        onClick={() => {
                          if (notification.read_at === null) mark.mutate(notification.id);
                        }}
                      >
                        Open
                      </Button>
                      {notification.read_at === null && (
                        <Button
                          size="small"
                          disabled={mark.isPending}
                          onClick={() => mark.mutate(notification.id)}
                          aria-label={`Mark read: ${notification.title}`}
                        >
                          Mark read
                        </Button>
                      )}
                    </Box>
                  </Box>
                ))}
              </Box>
              <ListPagination paging={paging} count={total} />
            </>
          )}
        </ListStatus>
      </Paper>
    </PageFrame>
  );
}
