import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import { NotificationText } from './NotificationItem';

/** How many of the newest the header shows; the rest are on the list page. */
const SHOWN = 5;

/**
 * The header's notification centre (issue 26, point 10): the unread count on the bell, the newest
 * notifications when it opens (each opens its page and is marked read), mark all read, and See all.
 * Loaded lazily by the header, so no screen's bundle carries it.
 */
export default function NotificationBell({ listPath }: { listPath: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const count = useUnreadCount();
  const latest = useNotifications(0, SHOWN, false, open);
  const mark = useMarkRead();
  const navigate = useNavigate();
  const popoverId = useId();
  const titleId = useId();
  const unread = count.data?.unread ?? 0;
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge
          badgeContent={unread}
          color="error"
          max={99}
          // error.main is a shape colour: under white digits it misses WCAG AA contrast; the dark shade does not.
          sx={{ '& .MuiBadge-badge': { bgcolor: 'error.dark' } }}
        >
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 380, maxWidth: 'calc(100vw - 24px)', mt: 1, borderRadius: 3 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography id={titleId} sx={{ fontWeight: 600 }}>
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0 || mark.isPending} onClick={() => mark.mutate('all')}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        {latest.isPending ? (
          <Box role="status" sx={{ p: 2, color: 'text.secondary' }}>
            Loading notifications…
          </Box>
        ) : latest.isError ? (
          <Box role="alert" sx={{ p: 2, color: 'error.dark' }}>
            The notifications could not be loaded.
          </Box>
        ) : latest.data.items.length === 0 ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>
            Nothing new. Decisions and alerts appear here.
          </Typography>
        ) : (
          <MenuList aria-labelledby={titleId} sx={{ py: 0.5 }}>
            {latest.data.items.map((notification) => (
              <MenuItem
                key={notification.id}
                component={RouterLink}
                to={notification.link}
                onClick={(event) => {
                  event.preventDefault();
                  if (notification.read_at === null) mark.mutate(notification.id);
                  close();
                  void navigate(notification.link);
                }}
                sx={{ py: 1.25, alignItems: 'flex-start' }}
              >
                <NotificationText notification={notification} />
              </MenuItem>
            ))}
          </MenuList>
        )}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button component={RouterLink} to={listPath} onClick={close} size="small">
            See all notifications
          </Button>
        </Box>
      </Popover>
    </>
  );
}
