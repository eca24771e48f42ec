import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type NotificationKind, type TNotification } from '@portico/domain';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@/lib/ui/visually-hidden';

const ICON: Record<NotificationKind, ReactNode> = {
  review_decision: <GavelOutlined fontSize="small" />,
  review_waiting: <HourglassTopOutlined fontSize="small" />,
  low_balance: <AccountBalanceWalletOutlined fontSize="small" />,
  campaign_finished: <CampaignOutlined fontSize="small" />,
};

/** One notification's content: what happened, the detail, when; unread ones marked by a dot and in words. */
export function NotificationText({ notification }: { notification: TNotification }) {
  const unread = notification.read_at === null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, width: '100%' }}>
      <Box sx={{ color: 'primary.main', mt: 0.25 }} aria-hidden>
        {ICON[notification.kind]}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: unread ? 600 : 400, whiteSpace: 'normal' }}>
          {notification.title}
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (unread)
            </Box>
          )}
        </Typography>
        {notification.body && (
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'normal' }}>
            {notification.body}
          </Typography>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {String(formatDateTimeZoned(notification.created_at))}
        </Typography>
      </Box>
      {unread && (
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 1, flexShrink: 0 }}
        />
      )}
    </Box>
  );
}
