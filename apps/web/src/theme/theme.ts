import { createTheme, type Theme } from '@mui/material/styles';
import {
  BREAKPOINTS,
  type ChartColours,
  type CustomColours,
  FONT_FAMILY,
  LIGHT_PALETTE,
  type ThemePaletteData,
} from './palette';

declare module '@mui/material/styles' {
  interface Palette {
    custom: CustomColours;
    chart: ChartColours;
  }
  interface PaletteOptions {
    custom?: CustomColours;
    chart?: ChartColours;
  }
}

/** Literal types of the palette data widened to plain strings and numbers, so a config may override them. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : { [K in keyof T]: Widen<T[K]> };
type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export type PaletteValues = Widen<ThemePaletteData>;

export interface ThemeValues {
  name: string;
  palette: PaletteValues;
  fontFamily: string;
  breakpoints: { xs: number; sm: number; md: number; lg: number; xl: number };
}

/** Overrides a deployment may pass on top of a named theme. */
export interface ThemeConfig {
  palette?: DeepPartial<PaletteValues>;
  fontFamily?: string;
}

/** Only a light theme exists (spec section 4); any other name falls back to it. */
export const THEMES = {
  light: { name: 'light', palette: LIGHT_PALETTE, fontFamily: FONT_FAMILY, breakpoints: BREAKPOINTS },
} as const satisfies Record<string, ThemeValues>;
export type ThemeName = keyof typeof THEMES;
export const DEFAULT_THEME_NAME: ThemeName = 'light';

function isThemeName(name: string): name is ThemeName {
  return Object.hasOwn(THEMES, name);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDeep<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (override === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(override)) return override as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    out[key] = mergeDeep(base[key], value);
  }
  return out as T;
}

export function resolveThemeValues(name: string, config?: ThemeConfig): ThemeValues {
  const base: ThemeValues = THEMES[isThemeName(name) ? name : DEFAULT_THEME_NAME];
  return {
    ...base,
    palette: mergeDeep<PaletteValues>(base.palette, config?.palette),
    fontFamily: config?.fontFamily ?? base.fontFamily,
  };
}

export function createPorticoTheme(values: ThemeValues): Theme {
  const { palette, fontFamily, breakpoints } = values;
  return createTheme({
    palette: {
      mode: 'light',
      primary: { ...palette.primary },
      secondary: { ...palette.secondary },
      error: { ...palette.error },
      warning: { ...palette.warning },
      success: { ...palette.success },
      info: { ...palette.info },
      common: { ...palette.common },
      text: { ...palette.text },
      background: { ...palette.background },
      divider: palette.divider,
      action: { hoverOpacity: palette.action.hoverOpacity },
      custom: { ...palette.custom },
      chart: { ...palette.chart, default: [...palette.chart.default] },
    },
    breakpoints: { values: { ...breakpoints } },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.3 },
      h2: { fontSize: '1.375rem', fontWeight: 600, lineHeight: 1.35 },
      h3: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
      h4: { fontSize: '1rem', fontWeight: 600 },
      h5: { fontSize: '0.9375rem', fontWeight: 600 },
      h6: { fontSize: '0.875rem', fontWeight: 600 },
      subtitle1: { fontWeight: 500 },
      body2: { lineHeight: 1.6 },
      button: { textTransform: 'none', fontWeight: 500, letterSpacing: 0.2 },
      overline: { fontWeight: 600, letterSpacing: 1.2 },
    },
    components: {
      // The app renders in the browser only: a media query is read on the first render instead of
      // after it, so a narrow layout (cards instead of a table) is not rendered twice on mount.
      MuiUseMediaQuery: { defaultProps: { noSsr: true } },
      // The keyboard's focus ring on every button, icon button, tab, menu item, chip and checkbox
      // (they all build on ButtonBase); baseline.css gives links and fields the same ring.
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8, paddingInline: 18 } },
      },
      MuiPaper: {
        styleOverrides: { rounded: { borderRadius: 14 } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
      },
      MuiMenu: {
        styleOverrides: {
          paper: { borderRadius: 12, boxShadow: '0 12px 32px rgba(40, 38, 110, 0.14)' },
        },
      },
      MuiMenuItem: {
        styleOverrides: { root: { fontSize: '0.875rem', minHeight: 40 } },
      },
      MuiTooltip: {
        styleOverrides: { tooltip: { fontSize: '0.75rem', backgroundColor: palette.common.black } },
      },
      MuiLinearProgress: {
        styleOverrides: { root: { borderRadius: 4, height: 6 } },
      },
      // A field's error text and label in the darker error shade: the spec's error main (#EF4444) has a
      // contrast of 3.8:1 on white, under WCAG's 4.5:1 for small text. Borders keep the main shade.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-error': { color: theme.palette.error.dark } }) },
      },
      MuiFormLabel: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-error': { color: theme.palette.error.dark } }) },
      },
    },
  });
}

/** The MUI theme for a theme name (unknown names fall back to light) plus optional overrides. */
export function buildTheme(name: string, config?: ThemeConfig): Theme {
  return createPorticoTheme(resolveThemeValues(name, config));
}

const CSS_VAR_PREFIX = '--portico';
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function flatten(value: unknown, path: string[], out: Record<string, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      flatten(item, [...path, String(index + 1)], out);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) flatten(item, [...path, kebab(key)], out);
  } else if (typeof value === 'string' || typeof value === 'number') {
    out[`${CSS_VAR_PREFIX}-${path.join('-')}`] = String(value);
  }
}

/** The theme as CSS custom properties, e.g. --portico-primary-main, --portico-chart-default-1. */
export function themeCssVariables(values: ThemeValues): Record<string, string> {
  const out: Record<string, string> = {};
  flatten(values.palette, [], out);
  out[`${CSS_VAR_PREFIX}-font-family`] = values.fontFamily;
  for (const [key, px] of Object.entries(values.breakpoints)) {
    out[`${CSS_VAR_PREFIX}-breakpoint-${key}`] = `${px}px`;
  }
  return out;
}

/** Writes the variables on the document root (spec section 4: custom style properties on the root). */
export function writeCssVariables(
  variables: Record<string, string>,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
}
