import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { DEVELOPER } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { RouteFocus } from './layouts/RouteFocus';

// The screens opened here list bots and brands: answered empty, so no call outlives the test.
const realGet = http.get.bind(http);
beforeEach(() => {
  vi.spyOn(http, 'get').mockImplementation(((url: string, ...rest: [never, never]) =>
    /^\/secure\/(bots|brands)|^\/reference\//.test(url)
      ? Promise.resolve({ items: [], total: 0, by_status: [] })
      : realGet(url, ...rest)) as typeof http.get);
});

describe('focus after a navigation', () => {
  it('when a link of the bar is followed then the new page’s heading has the focus and is announced; the first load moves nothing', async () => {
    renderApp('/u/dashboard', { details: DEVELOPER });
    const first = await screen.findByRole('heading', { level: 1, name: 'My Bots' }, { timeout: 10_000 });
    expect(document.activeElement).not.toBe(first);
    expect(screen.getByTestId('route-announcer').textContent).toBe('');

    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'MY BRANDS' }),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'My Brands' }, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByTestId('route-announcer').textContent).toBe('My Brands');
    expect(screen.getByTestId('route-announcer').getAttribute('aria-live')).toBe('polite');
  }, 20_000);
});

/** A page whose heading comes after its data (200 ms), as a screen waiting for its first answer does. */
function SlowPage() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return <main>{shown && <h1>Slow page</h1>}</main>;
}

describe('focus after a navigation, when the user moved on meanwhile', () => {
  it('when the focus moved to another control before the heading came then it stays there, and the page is announced', async () => {
    render(
      <MemoryRouter initialEntries={['/first']}>
        <RouteFocus />
        <button type="button">Open profile menu</button>
        <Routes>
          <Route
            path="/first"
            element={
              <main>
                <h1>First page</h1>
                <Link to="/slow">Go on</Link>
              </main>
            }
          />
          <Route path="/slow" element={<SlowPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go on' }));
    const profile = screen.getByRole('button', { name: 'Open profile menu' });
    profile.focus();
    await screen.findByRole('heading', { level: 1, name: 'Slow page' });
    await waitFor(() => expect(screen.getByTestId('route-announcer').textContent).toBe('Slow page'));
    expect(document.activeElement).toBe(profile);
  });
});
