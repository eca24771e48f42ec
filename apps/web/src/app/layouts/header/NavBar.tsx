import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ResolvedNavItem } from '@portico/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { preloadHref } from '../../screens';
import { DISABLED_HINT } from './nav-hint';

const loadNavMenu = () => import('./NavMenu');
const NavMenu = lazy(loadNavMenu);

interface NavBarProps {
  items: readonly ResolvedNavItem[];
  activeId: string | undefined;
}

/**
 * The audience's bar (spec section 2). From md up a row of links; below md a menu button. Items that
 * need an approved launch stay visible, marked disabled, with a not-allowed cursor, and link to the dashboard.
 */
export function NavBar({ items, activeId }: NavBarProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const hintId = useId();
  const open = anchor !== null;
  const client = useQueryClient();
  // Any link's screen (its code and first data), the bar's included, is fetched when the pointer or
  // the focus reaches it, while the bar shows.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./link-preload').then(({ preloadLinks }) => {
      if (!gone) stop = preloadLinks((href) => preloadHref(href, client));
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [client]);

  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', alignItems: 'center', order: { xs: -1, md: 0 }, minWidth: 0, flex: { md: 1 } }}
    >
      <IconButton
        id={buttonId}
        aria-label="Open navigation"
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : 'false'}
        onPointerEnter={() => void loadNavMenu()}
        onClick={(event) => {
          setMenuLoaded(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' }, mr: 0.5 }}
      >
        <MenuIcon />
      </IconButton>
      {menuLoaded && (
        <Suspense fallback={null}>
          <NavMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            items={items}
            activeId={activeId}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
      <Box
        component="ul"
        sx={{
          display: { xs: 'none', md: 'flex' },
          listStyle: 'none',
          m: 0,
          p: 0,
          gap: 0.5,
          flexWrap: 'nowrap',
        }}
      >
        {items.map((item) => {
          const active = item.id === activeId;
          return (
            <li key={item.id}>
              <Box
                component={RouterLink}
                to={item.href}
                data-nav-id={item.id}
                aria-current={active ? 'page' : undefined}
                aria-disabled={item.disabled ? 'true' : undefined}
                aria-describedby={item.disabled ? hintId : undefined}
                title={item.disabled ? DISABLED_HINT : undefined}
                sx={{
                  position: 'relative',
                  display: 'inline-flex',
                  alignItems: 'center',
                  height: 64,
                  px: { md: 1, lg: 1.5 },
                  fontSize: '0.8125rem',
                  fontWeight: active ? 600 : 500,
                  letterSpacing: 0.4,
                  whiteSpace: 'nowrap',
                  textDecoration: 'none',
                  color: active ? 'primary.main' : 'text.secondary',
                  transition: 'color 120ms ease',
                  '&::after': {
                    content: '""',
                    position: 'absolute',
                    left: 12,
                    right: 12,
                    bottom: 0,
                    height: 3,
                    borderRadius: '3px 3px 0 0',
                    bgcolor: active ? 'primary.main' : 'transparent',
                  },
                  '&:hover': { color: 'primary.main' },
                  '&:focus-visible': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                    outlineOffset: -6,
                    borderRadius: 1,
                  },
                  ...(item.disabled && { cursor: 'not-allowed', color: 'text.disabled', '&:hover': {} }),
                }}
              >
                {item.label}
              </Box>
            </li>
          );
        })}
      </Box>
      {items.some((item) => item.disabled) && (
        <Box id={hintId} hidden>
          {DISABLED_HINT}
        </Box>
      )}
    </Box>
  );
}
