import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PorticoThemeProvider } from './ThemeProvider';

function Probe() {
  const theme = useTheme();
  return <span>{theme.palette.secondary.main}</span>;
}

describe('the theme provider', () => {
  it('rebuilds the theme when its config changes and writes the CSS variables', () => {
    const { rerender } = render(
      <PorticoThemeProvider name="unknown">
        <Probe />
      </PorticoThemeProvider>,
    );
    expect(screen.getByText('#FF3964')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--portico-primary-main')).toBe('#5956D6');
    rerender(
      <PorticoThemeProvider name="light" config={{ palette: { secondary: { main: '#00AA00' } } }}>
        <Probe />
      </PorticoThemeProvider>,
    );
    expect(screen.getByText('#00AA00')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--portico-secondary-main')).toBe('#00AA00');
  });
});
