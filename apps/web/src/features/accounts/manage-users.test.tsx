import { type TManagedUser, type TManagedUsers, ZNoData } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { partnerDetails, SUPER_ADMIN } from '@/test/fixtures';
import { chosen, renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});
// The first render loads the accounts screens' lazy chunk.
const SLOW = 20_000;

const member = (email: string, role: string | null, extra: Partial<TManagedUser> = {}): TManagedUser => ({
  userId: `id-${email}`,
  email,
  firstName: email.split('@')[0] ?? '',
  lastName: 'Test',
  role,
  status: 'active',
  lastSignInAt: null,
  isSelf: false,
  ...extra,
});

/** GET /secure/users answers `lists` in turn (the last one again after that). */
function mockUsers(...lists: TManagedUsers[]) {
  let call = 0;
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/users') return lists[Math.min(call++, lists.length - 1)];
    throw new ApiError('not in this test', { statusCode: 11, httpStatus: 404 });
  });
}

const ADMIN_ROLES = ['ADMIN_PORTICO_READONLY', 'ADMIN_PORTICO_READWRITE', 'MARKETING_ADMIN'];
const adminList = (role: string): TManagedUsers => ({
  items: [
    member('sam@portico.test', 'SUPER_ADMIN_PORTICO', { isSelf: true }),
    member('anita@portico.test', role),
    member('peer@portico.test', 'SUPER_ADMIN_PORTICO'),
  ],
  total: 3,
  assignableRoles: ADMIN_ROLES,
});

describe('manage users: role change', () => {
  it(
    'when the super admin picks a new role then it asks first, shows progress, and the list shows the new role',
    async () => {
      mockUsers(adminList('ADMIN_PORTICO_READONLY'), adminList('ADMIN_PORTICO_READWRITE'));
      let finish: (value: null) => void = () => {};
      const patch = vi.spyOn(http, 'patch').mockImplementation(
        () =>
          new Promise((resolve) => {
            finish = resolve as (value: null) => void;
          }),
      );
      renderApp('/admin/edit-profile?profile_tag=manage-users', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      const control = await screen.findByRole(
        'combobox',
        { name: 'Role of anita@portico.test' },
        { timeout: 5000 },
      );
      // Nobody changes their own role, nor a peer's: those rows show the role as text.
      expect(screen.queryByRole('combobox', { name: 'Role of sam@portico.test' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Role of peer@portico.test' })).toBeNull();

      const options = within(control).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual([
        'Admin (read-only)',
        'Admin (read and write)',
        'Marketing admin',
      ]);
      await user.selectOptions(control, 'Admin (read and write)');
      const dialog = await screen.findByRole('dialog', { name: 'Change the role of anita@portico.test?' });
      expect(dialog.textContent).toContain('goes from Admin (read-only) to Admin (read and write)');
      expect(patch).not.toHaveBeenCalled();

      await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
      expect(patch).toHaveBeenCalledWith(
        '/secure/users/id-anita%40portico.test/role',
        { role: 'ADMIN_PORTICO_READWRITE' },
        ZNoData,
      );
      expect(within(dialog).getByRole('button', { name: 'Changing…' })).toHaveProperty('disabled', true);
      expect(within(dialog).getByRole('progressbar', { name: 'Changing the role' })).toBeTruthy();
      finish(null);
      expect(await screen.findByText('anita@portico.test is now Admin (read and write).')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(chosen(screen.getByRole('combobox', { name: 'Role of anita@portico.test' }))).toBe(
        'Admin (read and write)',
      );
    },
    SLOW,
  );

  it(
    "when the server refuses then the dialog shows the server's reason and the role stays",
    async () => {
      mockUsers(adminList('ADMIN_PORTICO_READONLY'));
      vi.spyOn(http, 'patch').mockRejectedValue(
        new ApiError('You cannot give the role MARKETING_ADMIN.', { statusCode: 11, httpStatus: 403 }),
      );
      renderApp('/admin/edit-profile?profile_tag=manage-users', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      await user.selectOptions(
        await screen.findByRole('combobox', { name: 'Role of anita@portico.test' }, { timeout: 5000 }),
        'Marketing admin',
      );
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
      expect(
        await within(dialog).findByText(
          'The role was not changed: You cannot give the role MARKETING_ADMIN.',
        ),
      ).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(chosen(screen.getByRole('combobox', { name: 'Role of anita@portico.test' }))).toBe(
        'Admin (read-only)',
      );
    },
    SLOW,
  );

  it(
    'when the read-only child opens the list then the role control is there but disabled',
    async () => {
      mockUsers({
        items: [
          member('owner@acme.test', 'DEVELOPER'),
          member('riya@acme.test', 'CHILD_AGGREGATOR_READONLY', { isSelf: true }),
          member('kabir@acme.test', 'CHILD_AGGREGATOR_READWRITE'),
        ],
        total: 3,
        assignableRoles: [],
      });
      const patch = vi.spyOn(http, 'patch');
      renderApp('/u/edit-profile?profile_tag=manage-users', {
        details: partnerDetails({
          role: 'CHILD_AGGREGATOR_READONLY',
          isAggregator: true,
          launchApproved: true,
        }),
      });
      const control = await screen.findByRole(
        'combobox',
        { name: 'Role of kabir@acme.test' },
        { timeout: 5000 },
      );
      expect(control).toHaveProperty('disabled', true);
      expect(screen.queryByRole('combobox', { name: 'Role of riya@acme.test' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Role of owner@acme.test' })).toBeNull();
      expect(screen.getByText('Developer')).toBeTruthy();
      expect(patch).not.toHaveBeenCalled();
    },
    SLOW,
  );
});

describe('manage users: search, sort and export', () => {
  it(
    'when the list is searched, sorted by a header and exported then each asks the server with the same search and sort',
    async () => {
      const get = mockUsers(adminList('ADMIN_PORTICO_READONLY'));
      const download = vi
        .spyOn(http, 'download')
        .mockResolvedValue({ blob: new Blob(['x']), filename: 'users.pdf' });
      URL.createObjectURL = vi.fn(() => 'blob:users');
      URL.revokeObjectURL = vi.fn();
      const usersCalls = () =>
        get.mock.calls.filter(([url]) => url === '/secure/users').map(([, , config]) => config?.params);
      renderApp('/admin/edit-profile?profile_tag=manage-users', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 10_000 });
      expect(usersCalls()).toEqual([{ start: 0, end: 10, sort: 'created_at', order: 'asc' }]);

      await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'anita');
      await waitFor(() =>
        expect(usersCalls().at(-1)).toEqual({
          start: 0,
          end: 10,
          search: 'anita',
          sort: 'created_at',
          order: 'asc',
        }),
      );
      await user.click(within(table).getByRole('button', { name: 'Last sign-in' }));
      await waitFor(() =>
        expect(usersCalls().at(-1)).toEqual({
          start: 0,
          end: 10,
          search: 'anita',
          sort: 'last_sign_in_at',
          order: 'asc',
        }),
      );
      expect(
        within(table)
          .getByRole('columnheader', { name: /^Last sign-in/ })
          .getAttribute('aria-sort'),
      ).toBe('ascending');
      await user.click(screen.getByRole('button', { name: 'PDF' }));
      await waitFor(() =>
        expect(download).toHaveBeenCalledWith('/secure/users/export', {
          params: { format: 'pdf', search: 'anita', sort: 'last_sign_in_at', order: 'asc' },
        }),
      );
    },
    SLOW,
  );
});
