import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, LIGHT_PALETTE } from './palette';
import { buildTheme, resolveThemeValues, themeCssVariables, writeCssVariables } from './theme';

describe('the light theme', () => {
  it('has the exact palette of spec section 9', () => {
    expect(LIGHT_PALETTE.primary).toMatchObject({ main: '#5956D6', dark: '#4845B1', light: '#C7C6FF' });
    expect(LIGHT_PALETTE.secondary.main).toBe('#FF3964');
    expect(LIGHT_PALETTE.error.main).toBe('#EF4444');
    expect(LIGHT_PALETTE.warning.main).toBe('#FF9D1A');
    expect(LIGHT_PALETTE.success.main).toBe('#4CAF50');
    expect(LIGHT_PALETTE.info).toEqual(LIGHT_PALETTE.primary);
    expect(LIGHT_PALETTE.common.black).toBe('#3F3F3F');
    expect(LIGHT_PALETTE.action.hoverOpacity).toBe(0.15);
    expect(Object.keys(LIGHT_PALETTE.custom)).toEqual([
      'lighter',
      'lightest',
      'blue',
      'green',
      'pink',
      'grey',
      'black',
      'accent',
      'purple',
    ]);
    expect(LIGHT_PALETTE.chart.default).toHaveLength(7);
    expect(Object.keys(LIGHT_PALETTE.chart)).toEqual([
      'default',
      'primary',
      'secondary',
      'tertiary',
      'accent1',
      'accent2',
      'accent3',
      'accent4',
      'accent5',
      'accent6',
      'accent7',
    ]);
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
  });

  it('builds the MUI theme from it', () => {
    const theme = buildTheme('light');
    expect(theme.palette.primary.main).toBe('#5956D6');
    expect(theme.palette.primary.dark).toBe('#4845B1');
    expect(theme.palette.primary.light).toBe('#C7C6FF');
    expect(theme.palette.secondary.main).toBe('#FF3964');
    expect(theme.palette.error.main).toBe('#EF4444');
    expect(theme.palette.warning.main).toBe('#FF9D1A');
    expect(theme.palette.success.main).toBe('#4CAF50');
    expect(theme.palette.info.main).toBe('#5956D6');
    expect(theme.palette.common.black).toBe('#3F3F3F');
    expect(theme.palette.action.hoverOpacity).toBe(0.15);
    expect(theme.palette.custom.lighter).toBe(LIGHT_PALETTE.custom.lighter);
    expect(theme.palette.chart.accent7).toBe(LIGHT_PALETTE.chart.accent7);
    expect(theme.typography.fontFamily).toMatch(/^'Poppins'/);
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
  });

  it('falls back to light for an unknown theme name', () => {
    expect(buildTheme('dark').palette.primary.main).toBe('#5956D6');
    expect(buildTheme('no-such-theme').palette).toMatchObject({ mode: 'light' });
    expect(resolveThemeValues('whatever').name).toBe('light');
  });

  it('applies a config over the named theme', () => {
    const theme = buildTheme('light', { palette: { secondary: { main: '#FF0000' } } });
    expect(theme.palette.secondary.main).toBe('#FF0000');
    expect(theme.palette.primary.main).toBe('#5956D6');
  });

  it('writes its values as custom properties on the document root', () => {
    writeCssVariables(themeCssVariables(resolveThemeValues('light')));
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--portico-primary-main')).toBe('#5956D6');
    expect(style.getPropertyValue('--portico-primary-dark')).toBe('#4845B1');
    expect(style.getPropertyValue('--portico-secondary-main')).toBe('#FF3964');
    expect(style.getPropertyValue('--portico-common-black')).toBe('#3F3F3F');
    expect(style.getPropertyValue('--portico-action-hover-opacity')).toBe('0.15');
    expect(style.getPropertyValue('--portico-custom-purple')).toBe(LIGHT_PALETTE.custom.purple);
    expect(style.getPropertyValue('--portico-chart-default-7')).toBe(LIGHT_PALETTE.chart.default[6]);
    expect(style.getPropertyValue('--portico-chart-accent1')).toBe(LIGHT_PALETTE.chart.accent1);
    expect(style.getPropertyValue('--portico-breakpoint-md')).toBe('900px');
    expect(style.getPropertyValue('--portico-font-family')).toContain('Poppins');
  });
});
