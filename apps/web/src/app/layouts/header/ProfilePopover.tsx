import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HelpOutlined from '@mui/icons-material/HelpOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import {
  buildUrl,
  externalToolUrl,
  LIMITS,
  type NavUser,
  type ProfileMenuItem,
  type ProfileMenuItemId,
  profileMenuFor,
  type TAppConfig,
} from '@portico/domain';
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { signOut } from '@/lib/auth/session';
import { useReferenceToken, withReferenceToken } from '@/lib/queries/reference-token';
import { ProgressBar } from '@/lib/ui/ProgressBar';
import { UserAvatar } from '@/lib/ui/UserAvatar';
import { editProfileHref } from '@/lib/user-paths';
import { initials } from './avatar';

const ICONS: Record<ProfileMenuItemId, ReactNode> = {
  'manage-users': <GroupOutlined fontSize="small" />,
  'edit-profile': <AccountCircleOutlined fontSize="small" />,
  'my-wallet': <AccountBalanceWalletOutlined fontSize="small" />,
  'change-password': <KeyOutlined fontSize="small" />,
  'help-support': <HelpOutlined fontSize="small" />,
  downloads: <DownloadOutlined fontSize="small" />,
  'analytics-dashboard': <InsightsOutlined fontSize="small" />,
  'firewall-tool': <ShieldOutlined fontSize="small" />,
  logout: <LogoutOutlined fontSize="small" />,
};

export interface ProfilePopoverProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  user: NavUser;
  profileCompleted: number;
  profileImage: string | null;
  /** The external links (analytics dashboard, firewall tool) from the app configuration. */
  links: TAppConfig['links'] | undefined;
}

/** The profile dropdown (spec sections 2 and 6), loaded the first time it opens. */
export default function ProfilePopover({
  id,
  anchor,
  onClose,
  user,
  profileCompleted,
  profileImage,
  links,
}: ProfilePopoverProps) {
  const open = anchor !== null;
  const [signingOut, setSigningOut] = useState(false);
  // An external tool with no configured URL is left out (issue 26: no dead links).
  const items = useMemo(
    () => profileMenuFor(user, links ?? { analyticsDashboard: null, firewallTool: null }),
    [user, links],
  );
  const hasExternal = items.some((item) => item.external);
  const referenceToken = useReferenceToken(open && hasExternal);
  const completion = Math.max(0, Math.min(100, Math.round(profileCompleted)));
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const titleId = `${id}-title`;

  const externalHref = (item: ProfileMenuItem): string | null => {
    const base = links ? externalToolUrl(item, links) : null;
    const token = referenceToken.data?.token;
    return base && token ? withReferenceToken(base, token) : null;
  };

  const renderItem = (item: ProfileMenuItem): ReactNode[] => {
    const icon = <ListItemIcon>{ICONS[item.id]}</ListItemIcon>;
    if (item.id === 'logout') {
      return [
        <Divider key="logout-divider" component="li" />,
        <MenuItem
          key={item.id}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            signOut().catch(() => setSigningOut(false));
          }}
        >
          {icon}
          <ListItemText>{item.label}</ListItemText>
        </MenuItem>,
      ];
    }
    if (item.external) {
      const href = externalHref(item);
      return [
        <MenuItem
          key={item.id}
          component="a"
          href={href ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          data-menu-id={item.id}
          aria-label={item.label}
          aria-describedby={`${id}-${item.id}-hint`}
          aria-disabled={href ? undefined : 'true'}
          sx={{ whiteSpace: 'normal', alignItems: 'flex-start', '& .MuiListItemIcon-root': { mt: 0.5 } }}
          onClick={(event: MouseEvent) => {
            if (!href) event.preventDefault();
            else onClose();
          }}
        >
          {icon}
          <ListItemText
            secondary={
              href ? 'Opens in a new tab' : referenceToken.isError ? 'Link unavailable' : 'Preparing link…'
            }
            slotProps={{ secondary: { id: `${id}-${item.id}-hint` } }}
          >
            {item.label}
          </ListItemText>
          <OpenInNew aria-hidden fontSize="inherit" sx={{ ml: 1, color: 'text.secondary' }} />
        </MenuItem>,
      ];
    }
    return [
      <MenuItem
        key={item.id}
        component={RouterLink}
        to={buildUrl(item.path ?? '/', item.query)}
        data-menu-id={item.id}
        onClick={onClose}
      >
        {icon}
        <ListItemText>{item.label}</ListItemText>
      </MenuItem>,
    ];
  };

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: {
            width: 328,
            maxWidth: 'calc(100vw - 24px)',
            mt: 1,
            borderRadius: 3,
            boxShadow: '0 16px 40px rgba(40, 38, 110, 0.16)',
          },
        },
      }}
    >
      <Box sx={{ p: 2.5, pb: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar src={profileImage} initials={initials(user)} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
              {fullName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {user.email}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Profile completion
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'primary.main' }}>
              {completion}%
            </Typography>
          </Box>
          <ProgressBar value={completion} label="Profile completion" />
          {completion < LIMITS.profileCompleteThreshold && (
            <Button
              component={RouterLink}
              to={editProfileHref(user)}
              onClick={onClose}
              size="small"
              variant="outlined"
              fullWidth
              sx={{ mt: 1.5 }}
            >
              Complete Profile
            </Button>
          )}
        </Box>
      </Box>
      <Divider />
      <MenuList autoFocusItem={open} aria-label="Profile menu" sx={{ py: 1 }}>
        {items.flatMap(renderItem)}
      </MenuList>
    </Popover>
  );
}
