import type { TAuditLog, TAuditRecord } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { DEVELOPER, MARKETING_ADMIN, partnerDetails, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});
// The first render loads the accounts screens' lazy chunk.
const SLOW = 20_000;

const record = (id: number, extra: Partial<TAuditRecord>): TAuditRecord => ({
  id,
  action: 'sign-in',
  actorEmail: 'anita@portico.test',
  subjectEmail: 'anita@portico.test',
  partnerId: null,
  ip: '203.0.113.7',
  detail: null,
  createdAt: '2026-03-04T12:05:00.000Z',
  ...extra,
});

/** GET /secure/audit-log answers with `answer(params)`; every other GET is not part of these tests. */
function mockAuditLog(answer: (params: Record<string, unknown>) => TAuditLog | Promise<TAuditLog>) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, _schema, config) => {
    if (url === '/secure/audit-log') return answer((config?.params ?? {}) as Record<string, unknown>);
    throw new ApiError('not in this test', { statusCode: 11, httpStatus: 404 });
  });
}
const auditCalls = (get: ReturnType<typeof mockAuditLog>) =>
  get.mock.calls.filter(([url]) => url === '/secure/audit-log').map(([, , config]) => config?.params);

describe('security records', () => {
  it(
    'when a super admin opens them then each record reads as when, the action, a sentence of what happened and the IP',
    async () => {
      mockAuditLog(() => ({
        items: [
          record(3, {
            action: 'role.changed',
            actorEmail: 'superadmin@portico.test',
            detail: { from: 'ADMIN_PORTICO_READONLY', to: 'ADMIN_PORTICO_READWRITE' },
          }),
          record(2, { action: 'sign-in.failed', actorEmail: null, ip: null, detail: { outcome: 'invalid' } }),
        ],
        total: 2,
      }));
      renderApp('/admin/audit-log', { details: SUPER_ADMIN });
      const table = await screen.findByRole('table', { name: 'Security records' }, { timeout: 10_000 });
      const rows = within(table).getAllByRole('row');
      expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
        ['When, sorted descending', 'Action', 'What happened', 'IP address'],
        [
          '04/03/2026 | 12:05 PM UTC',
          'Role changed',
          'superadmin@portico.test changed the role of anita@portico.test from Admin (read-only) to Admin (read and write).',
          '203.0.113.7',
        ],
        [
          '04/03/2026 | 12:05 PM UTC',
          'Sign-in failed',
          'A sign-in as anita@portico.test failed: wrong email or password.',
          'Not known',
        ],
      ]);
      expect(
        within(table)
          .getByRole('columnheader', { name: 'When, sorted descending' })
          .getAttribute('aria-sort'),
      ).toBe('descending');
      expect(screen.getByRole('heading', { level: 1, name: 'Security Records' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'when filters are set then the list asks again from the first page, the email once typing pauses',
    async () => {
      const get = mockAuditLog((params) =>
        params.email === 'nobody' ? { items: [], total: 0 } : { items: [record(1, {})], total: 60 },
      );
      renderApp('/admin/audit-log', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      await screen.findByRole('table', { name: 'Security records' }, { timeout: 10_000 });
      const NEWEST = { sort: 'created_at', order: 'desc' };
      expect(auditCalls(get)).toEqual([{ start: 0, end: 25, ...NEWEST }]);
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(auditCalls(get).at(-1)).toEqual({ start: 25, end: 50, ...NEWEST }));

      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Action' }),
        await within(screen.getByRole('combobox', { name: 'Action' })).findByRole('option', {
          name: 'Role changed',
        }),
      );
      await waitFor(() =>
        expect(auditCalls(get).at(-1)).toEqual({ start: 0, end: 25, action: 'role.changed', ...NEWEST }),
      );

      const calls = auditCalls(get).length;
      await user.type(screen.getByRole('searchbox', { name: 'Email' }), 'nobody');
      // One call for the whole word, not one per letter.
      expect(
        await screen.findByText('No security records match these filters', {}, { timeout: 3000 }),
      ).toBeTruthy();
      expect(auditCalls(get).slice(calls)).toEqual([
        { start: 0, end: 25, action: 'role.changed', email: 'nobody', ...NEWEST },
      ]);

      // Day first, as the spec's dates read.
      await user.type(screen.getByLabelText('From'), '05/03/2026');
      await user.type(screen.getByLabelText('To'), '01/03/2026');
      expect(await screen.findByText('To must not be before From')).toBeTruthy();
      const beforeClear = auditCalls(get).length;
      await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
      // Back to the unfiltered first page (already cached): no call waits for the email's pause.
      expect(await screen.findByRole('table', { name: 'Security records' })).toBeTruthy();
      expect(auditCalls(get).slice(beforeClear)).toEqual([]);
      expect((screen.getByRole('searchbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');
    },
    SLOW,
  );

  it(
    'when the server cannot answer then the reason shows with a way to try again',
    async () => {
      mockAuditLog(() => {
        throw new ApiError('The audit log is resting.', { statusCode: 11, httpStatus: 409 });
      });
      renderApp('/admin/audit-log', { details: SUPER_ADMIN });
      expect(
        await screen.findByText(
          'Security records could not be loaded: The audit log is resting.',
          {},
          {
            timeout: 10_000,
          },
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'when a platform admin without the permission opens them then the page refuses and asks nothing',
    async () => {
      const get = mockAuditLog(() => ({ items: [], total: 0 }));
      renderApp('/admin/audit-log', { details: MARKETING_ADMIN });
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Security records are for platform admins' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(auditCalls(get)).toEqual([]);
    },
    SLOW,
  );

  it(
    'the profile page links to them for provider admins only',
    async () => {
      mockAuditLog(() => ({ items: [], total: 0 }));
      const admin = renderApp('/admin/edit-profile', { details: SUPER_ADMIN });
      const link = await screen.findByRole('link', { name: 'Security records' }, { timeout: 10_000 });
      expect(link.getAttribute('href')).toBe('/admin/audit-log');
      admin.unmount();
      for (const details of [DEVELOPER, partnerDetails({ role: 'ADMIN_BILLING', isCarrier: true })]) {
        const view = renderApp(details === DEVELOPER ? '/u/edit-profile' : '/billing/edit-profile', {
          details,
        });
        await screen.findByRole('heading', { level: 1, name: 'Edit Profile' }, { timeout: 10_000 });
        expect(screen.queryByRole('link', { name: 'Security records' })).toBeNull();
        view.unmount();
      }
    },
    SLOW,
  );
});

describe('security records: sort and export', () => {
  it(
    'when the Action header is clicked then the list asks the server for that sort, and again for the other order',
    async () => {
      const get = mockAuditLog(() => ({ items: [record(1, {})], total: 1 }));
      renderApp('/admin/audit-log', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      const table = await screen.findByRole('table', { name: 'Security records' }, { timeout: 10_000 });
      await user.click(within(table).getByRole('button', { name: 'Action' }));
      await waitFor(() =>
        expect(auditCalls(get).at(-1)).toEqual({ start: 0, end: 25, sort: 'action', order: 'asc' }),
      );
      expect(
        within(table)
          .getByRole('columnheader', { name: /^Action/ })
          .getAttribute('aria-sort'),
      ).toBe('ascending');
      await user.click(within(table).getByRole('button', { name: /^Action/ }));
      await waitFor(() =>
        expect(auditCalls(get).at(-1)).toEqual({ start: 0, end: 25, sort: 'action', order: 'desc' }),
      );
    },
    SLOW,
  );

  it(
    'when Excel is chosen then the records are downloaded with the filters and sort on screen',
    async () => {
      mockAuditLog(() => ({ items: [record(1, {})], total: 1 }));
      const download = vi
        .spyOn(http, 'download')
        .mockResolvedValue({ blob: new Blob(['x']), filename: 'security-records-2026-03-04.xlsx' });
      URL.createObjectURL = vi.fn(() => 'blob:records');
      URL.revokeObjectURL = vi.fn();
      renderApp('/admin/audit-log', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      await screen.findByRole('table', { name: 'Security records' }, { timeout: 10_000 });
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Action' }),
        await within(screen.getByRole('combobox', { name: 'Action' })).findByRole('option', {
          name: 'Signed in',
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Excel' }));
      await waitFor(() =>
        expect(download).toHaveBeenCalledWith('/secure/audit-log/export', {
          params: { format: 'xlsx', action: 'sign-in', sort: 'created_at', order: 'desc' },
        }),
      );
    },
    SLOW,
  );
});
