import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { savePkceSession } from '@/lib/auth/oidc';
import { readToken } from '@/lib/auth/token';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, DEVELOPER } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('the sign-in callback page', () => {
  it("shows 'Could not get state from storage.' with Try again when no sign-in was started", async () => {
    renderApp('/callback#code=abc&state=xyz');
    expect(await screen.findByRole('heading', { name: "We couldn't sign you in" })).toBeTruthy();
    expect(screen.getByText('Could not get state from storage.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the OAuth error made of error and error_description', async () => {
    savePkceSession({ state: 'st', verifier: 'v' });
    renderApp('/callback#error=access_denied&error_description=The%20user%20cancelled&state=st');
    expect(await screen.findByText('access_denied: The user cancelled')).toBeTruthy();
  });

  it('stores the token and lands a developer on /developer, which is the /u dashboard', async () => {
    savePkceSession({ state: 'st', verifier: 'v' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ access_token: 'jwt', expires_in: 3600 }))),
    );
    vi.spyOn(http, 'get').mockResolvedValue(DEVELOPER);
    renderApp('/callback#code=abc&state=st');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bots' })).toBeTruthy();
    expect(readToken()?.access_token).toBe('jwt');
  });

  it('sends a carrier who lands on the developer area to the carrier home', async () => {
    savePkceSession({ state: 'st2', verifier: 'v' });
    sessionStorage.setItem('portico_callback_url', '/u/api');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ access_token: 'jwt', expires_in: 3600 }))),
    );
    // The carrier home counts what waits for the carrier: nothing here.
    vi.spyOn(http, 'get').mockImplementation((async (url: string) =>
      url === '/secure/carrier/review-dashboard'
        ? { cards: [], requests: [], generated_at: '2026-09-01T09:00:00.000Z' }
        : CARRIER_ADMIN) as typeof http.get);
    renderApp('/callback#code=abc&state=st2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DASHBOARD' }).getAttribute('aria-current')).toBe('page');
  });
});
