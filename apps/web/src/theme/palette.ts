/**
 * The light theme of spec section 9 as plain data: the MUI theme and the CSS custom properties are
 * both built from it, and a unit test pins the exact values.
 */
export const LIGHT_PALETTE = {
  primary: { main: '#5956D6', dark: '#4845B1', light: '#C7C6FF', contrastText: '#FFFFFF' },
  secondary: { main: '#FF3964', contrastText: '#FFFFFF' },
  error: { main: '#EF4444' },
  warning: { main: '#FF9D1A' },
  success: { main: '#4CAF50' },
  // info equals primary (spec section 9).
  info: { main: '#5956D6', dark: '#4845B1', light: '#C7C6FF', contrastText: '#FFFFFF' },
  common: { black: '#3F3F3F', white: '#FFFFFF' },
  text: { primary: '#3F3F3F', secondary: '#6B6B80' },
  background: { default: '#F7F7FB', paper: '#FFFFFF' },
  divider: '#E7E7F0',
  action: { hoverOpacity: 0.15 },
  /** Custom colour sets (spec section 9): tints of the primary plus named accents. */
  custom: {
    lighter: '#E9E8FB',
    lightest: '#F5F5FF',
    blue: '#3B82F6',
    green: '#22A06B',
    pink: '#FFE3EA',
    grey: '#8A8AA3',
    black: '#3F3F3F',
    accent: '#FF3964',
    purple: '#8B5CF6',
  },
  chart: {
    /** The default chart palette: 7 pastel colours. */
    default: ['#A5A3F0', '#FFA8BB', '#8FD3C1', '#FFD29A', '#9CC8F5', '#D6B3F5', '#F5E08C'],
    primary: '#5956D6',
    secondary: '#FF3964',
    tertiary: '#C7C6FF',
    accent1: '#8FD3C1',
    accent2: '#FFD29A',
    accent3: '#9CC8F5',
    accent4: '#D6B3F5',
    accent5: '#F5E08C',
    accent6: '#FFA8BB',
    accent7: '#A5A3F0',
  },
} as const;

export const FONT_FAMILY = "'Poppins', 'Helvetica Neue', Arial, sans-serif";

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export type ThemePaletteData = typeof LIGHT_PALETTE;
export type CustomColours = { [K in keyof ThemePaletteData['custom']]: string };
export type ChartColours = {
  default: readonly string[];
} & { [K in Exclude<keyof ThemePaletteData['chart'], 'default'>]: string };
