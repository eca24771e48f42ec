import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ResolvedNavItem } from '@portico/domain';
import { Link as RouterLink } from 'react-router';
import { DISABLED_HINT } from './nav-hint';

interface NavMenuProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  items: readonly ResolvedNavItem[];
  activeId: string | undefined;
  onClose: () => void;
}

/** The bar as a menu, below the md breakpoint (loaded the first time it opens). */
export default function NavMenu({ id, buttonId, anchor, items, activeId, onClose }: NavMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {items.map((item) => (
        <MenuItem
          key={item.id}
          component={RouterLink}
          to={item.href}
          selected={item.id === activeId}
          aria-current={item.id === activeId ? 'page' : undefined}
          aria-disabled={item.disabled ? 'true' : undefined}
          title={item.disabled ? DISABLED_HINT : undefined}
          onClick={onClose}
          sx={{
            minWidth: 220,
            fontWeight: 500,
            letterSpacing: 0.4,
            ...(item.disabled && { cursor: 'not-allowed', color: 'text.disabled' }),
          }}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
