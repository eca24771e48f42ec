import ExpandMore from '@mui/icons-material/ExpandMore';
import ButtonBase from '@mui/material/ButtonBase';
import { lazy, Suspense, useId, useState } from 'react';
import { UserAvatar } from '@/lib/ui/UserAvatar';
import { initials } from './avatar';
import type { ProfilePopoverProps } from './ProfilePopover';

const loadPopover = () => import('./ProfilePopover');
const ProfilePopover = lazy(loadPopover);

type ProfileMenuProps = Omit<ProfilePopoverProps, 'id' | 'anchor' | 'onClose'>;

/** The avatar button ("Open profile menu") and its dropdown. */
export function ProfileMenu(props: ProfileMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const popoverId = useId();
  const open = anchor !== null;

  return (
    <>
      <ButtonBase
        aria-label="Open profile menu"
        aria-haspopup="dialog"
        aria-controls={open ? popoverId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        sx={{
          borderRadius: 6,
          p: 0.5,
          pr: { xs: 0.5, sm: 1 },
          gap: 0.75,
          flex: '0 0 auto',
          '&:hover': { bgcolor: 'custom.lightest' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <UserAvatar src={props.profileImage} initials={initials(props.user)} />
        <ExpandMore fontSize="small" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
      </ButtonBase>
      {loaded && (
        <Suspense fallback={null}>
          <ProfilePopover {...props} id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
