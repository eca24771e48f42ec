import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import {
  createPorticoTheme,
  DEFAULT_THEME_NAME,
  resolveThemeValues,
  type ThemeConfig,
  themeCssVariables,
  writeCssVariables,
} from './theme';

interface PorticoThemeProviderProps {
  name?: string;
  config?: ThemeConfig;
  children: ReactNode;
}

/**
 * Rebuilds the theme when its name or config changes and mirrors it as CSS custom properties on <html>
 * (the page baseline in baseline.css reads them).
 */
export function PorticoThemeProvider({
  name = DEFAULT_THEME_NAME,
  config,
  children,
}: PorticoThemeProviderProps) {
  const values = useMemo(() => resolveThemeValues(name, config), [name, config]);
  const theme = useMemo(() => createPorticoTheme(values), [values]);

  useLayoutEffect(() => {
    writeCssVariables(themeCssVariables(values));
  }, [values]);

  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
