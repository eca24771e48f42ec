import type { TNotification } from '@portico/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import NotificationBell from './NotificationBell';

const NOTE = (id: string, title: string, read = false): TNotification => ({
  id,
  kind: 'review_decision',
  title,
  body: 'It is now approved.',
  link: `/u/view-template-details?templateId=${id}`,
  created_at: '2026-11-28T10:00:00.000Z',
  read_at: read ? '2026-11-28T11:00:00.000Z' : null,
});

let unread = 2;
const items = [
  NOTE('1', 'Template promo: Approved'),
  NOTE('2', 'Launch of Chai Bot: Launched'),
  NOTE('3', 'Old', true),
];

beforeEach(() => {
  unread = 2;
  vi.restoreAllMocks();
  vi.spyOn(http, 'get').mockImplementation((async (url: string) =>
    url.endsWith('/unread-count') ? { unread } : { items, total: items.length, unread }) as typeof http.get);
  vi.spyOn(http, 'post').mockImplementation((async (url: string) => {
    unread = url.endsWith('/read-all') ? 0 : unread - 1;
    return url.endsWith('/read-all') ? { unread: 0 } : { ...items[0], read_at: '2026-11-28T12:00:00.000Z' };
  }) as typeof http.post);
});

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/u/dashboard']}>
        <NotificationBell listPath="/u/notifications" />
        <Routes>
          <Route path="/u/dashboard" element={<h1>My Bots</h1>} />
          <Route path="/u/view-template-details" element={<h1>Template Details</h1>} />
          <Route path="/u/notifications" element={<h1>Notifications</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', () => {
  it('when there are unread notifications then the bell says how many and lists the newest, unread marked', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const dialog = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    const entries = await dialog.findAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Template promo: Approved (unread)'),
      expect.stringContaining('Launch of Chai Bot: Launched (unread)'),
      expect.not.stringContaining('(unread)'),
    ]);
    expect(dialog.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe(
      '/u/notifications',
    );
  });

  it('when an unread notification is chosen then it is marked read and its page opens', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Template promo: Approved/ }));
    expect(await screen.findByRole('heading', { name: 'Template Details' })).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/secure/notifications/1/read', {}, expect.anything());
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('when Mark all read is chosen then the count is gone', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(http.post).toHaveBeenCalledWith('/secure/notifications/read-all', {}, expect.anything());
    // The popover is modal: the bell behind it is hidden from the accessibility tree while it is open.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy(),
    );
  });
});
