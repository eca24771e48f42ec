import type { TBrand, TBrandListItem, TListResult, TReviewHistory } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, DEVELOPER, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});
// The first render loads the brands screens' lazy chunk.
const SLOW = 20_000;
const FIND = { timeout: 8000 };

const status = (key: string, code: number, label: string) => ({ key, code, label });
const item = (name: string, extra: Partial<TBrandListItem> = {}): TBrandListItem => ({
  brand_id: `b-${name}`,
  name,
  partner_name: 'Chai & Code Studio',
  industry_type: 'Food & Beverage',
  status: status('approved_pending_carrier', 42, 'Approved by the platform, pending from the carriers'),
  carrier_status: null,
  carriers: ['Reliance Jio', 'Bharti Airtel'],
  verification_state: null,
  created_at: '2026-09-01T09:00:00.000Z',
  updated_at: '2026-09-02T09:00:00.000Z',
  ...extra,
});

const brand = (extra: Partial<TBrand> = {}): TBrand => ({
  brand_id: 'b-1',
  partner_id: 'p-1',
  partner_name: 'Chai & Code Studio',
  name: 'Saffron Stays',
  industry_type_id: 3,
  industry_type: 'Travel & Tourism',
  website: 'https://saffronstays.example',
  description: null,
  contact_name: 'Dev Sharma',
  contact_email: 'developer@portico.test',
  contact_phone: '+919876543210',
  address: { line1: '44 Koramangala', city: 'Bengaluru', postalCode: '560034', countryId: 'IN' },
  logo_url: null,
  status: status('forwarded', 30, 'Forwarded to the carriers'),
  carrier_status: null,
  carriers: [
    {
      carrier_id: 1,
      name: 'Reliance Jio',
      country_id: 'IN',
      status: status('approved', 31, 'Approved by the carrier'),
      decision: {
        action: 'approve',
        label: 'Approved by the carrier',
        reason: null,
        at: '2026-09-03T10:00:00.000Z',
      },
    },
    {
      carrier_id: 2,
      name: 'Bharti Airtel',
      country_id: 'IN',
      status: status('rejected', 32, 'Rejected by the carrier'),
      decision: {
        action: 'reject',
        label: 'Rejected by the carrier',
        reason: 'The registered address does not match the GST certificate.',
        at: '2026-09-03T11:00:00.000Z',
      },
    },
  ],
  platform_decision: {
    action: 'forward',
    label: 'Forwarded to the carriers',
    reason: null,
    at: '2026-09-02T10:00:00.000Z',
  },
  documents: [],
  verification: null,
  locked_fields: [],
  bot_launched: false,
  allowed_actions: [],
  created_at: '2026-09-01T09:00:00.000Z',
  updated_at: '2026-09-03T11:00:00.000Z',
  submitted_at: '2026-09-01T10:00:00.000Z',
  ...extra,
});
const NO_HISTORY: TReviewHistory = { items: [], total: 0 };

/** GET answers by URL; anything else is a 404 the test did not expect. */
function mockGets(answers: Record<string, () => Promise<unknown>>) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    const answer = answers[url];
    if (answer) return answer();
    throw new ApiError(`not in this test: ${url}`, { statusCode: 11, httpStatus: 404 });
  });
}
const list = (items: TBrandListItem[]): TListResult<TBrandListItem> => ({ items, total: items.length });

describe('brands list states', () => {
  it(
    'when the list is loading, then fails, then the developer sees the message and a way to try again',
    async () => {
      // Every request of the list fails at once: the screen may ask twice (its data is prefetched
      // with its code, and asked again when it mounts, depending on which arrives first).
      const pending: ((error: unknown) => void)[] = [];
      const fail = (error: unknown) => {
        for (const reject of pending.splice(0)) reject(error);
      };
      mockGets({
        '/secure/brands': () =>
          new Promise((_resolve, reject) => {
            pending.push(reject);
          }),
      });
      renderApp('/u/my-brands', { details: DEVELOPER });
      expect(await screen.findByText('Loading brands…', {}, FIND)).toBeTruthy();
      fail(new ApiError('The service is unavailable.', { statusCode: 11, httpStatus: 503 }));
      expect(
        await screen.findByText(/Brands could not be loaded: The service is unavailable\./),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'when the developer has no brand then the empty state leads to creating one',
    async () => {
      mockGets({ '/secure/brands': async () => list([]) });
      renderApp('/u/my-brands', { details: DEVELOPER });
      expect(await screen.findByRole('heading', { name: 'No brands yet' }, FIND)).toBeTruthy();
      const create = screen.getAllByRole('link', { name: /Create a brand/ });
      expect(create[0]?.getAttribute('href')).toBe('/u/update-brand');
    },
    SLOW,
  );

  it(
    'when the developer has brands then the rows show without a partner column; a carrier sees its own review, not the carriers',
    async () => {
      mockGets({ '/secure/brands': async () => list([item('Masala Metro')]) });
      const developer = renderApp('/u/my-brands', { details: DEVELOPER });
      const table = await screen.findByRole('table', { name: 'Brands' }, FIND);
      expect(within(table).getByRole('link', { name: 'Masala Metro' })).toBeTruthy();
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      // Sorted by Updated (newest first), which its header says; no box to choose: not a review list.
      expect(headers).toEqual(['Brand', 'Status', 'Carriers', 'Updated, sorted descending']);
      developer.unmount();

      vi.restoreAllMocks();
      mockGets({
        '/secure/brands': async () =>
          list([
            item('Lotus Wellness', {
              carrier_status: status('to_be_approved_by_carrier', 39, 'To be approved by the carrier'),
            }),
          ]),
      });
      renderApp('/billing/my-brands', { details: CARRIER_ADMIN });
      const carrierTable = await screen.findByRole('table', { name: 'Brands' }, FIND);
      expect(
        within(carrierTable)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['', 'Brand', 'Partner', 'Status', 'Your network', 'Updated, sorted descending']);
      expect(within(carrierTable).getByText('To be approved by the carrier')).toBeTruthy();
      // The carrier admin may choose the brand waiting for its network, for a bulk decision.
      expect(within(carrierTable).getByRole('checkbox', { name: 'Choose Lotus Wellness' })).toBeTruthy();
    },
    SLOW,
  );
});

describe('brand form', () => {
  it(
    'when the developer saves an empty or wrong brand then each field says why and nothing is sent',
    async () => {
      mockGets({
        '/reference/countries': async () => ({ items: [{ country_id: 'IN', name: 'India' }], total: 1 }),
        '/reference/industry-types': async () => ({
          items: [{ id: 3, code: 'TRAVEL', name: 'Travel' }],
          total: 1,
        }),
        '/reference/carriers': async () => ({ items: [], total: 0 }),
      });
      const post = vi.spyOn(http, 'post');
      renderApp('/u/update-brand', { details: DEVELOPER });
      const user = userEvent.setup();
      const form = await screen.findByRole('form', { name: 'Create brand' }, FIND);
      await user.type(within(form).getByRole('textbox', { name: /Website/ }), 'not a site');
      await user.type(within(form).getByRole('textbox', { name: /Contact email/ }), 'nobody');
      await user.type(within(form).getByRole('textbox', { name: /Contact phone/ }), '98765');
      await user.click(within(form).getByRole('button', { name: 'Create brand' }));
      expect(await within(form).findByText('Please correct the highlighted fields.')).toBeTruthy();
      expect(within(form).getByText('Brand name is required.')).toBeTruthy();
      expect(within(form).getByText('Enter the website as https://example.com.')).toBeTruthy();
      expect(within(form).getByText('Enter a valid contact email address.')).toBeTruthy();
      expect(
        within(form).getByText(
          'Enter the phone number in international format, with its country code, e.g. +919876543210.',
        ),
      ).toBeTruthy();
      expect(within(form).getByText('Choose at least one carrier.')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
    },
    SLOW,
  );
});

describe('brand decisions', () => {
  it(
    'when the super admin rejects then the dialog asks for a reason before anything is sent, and sends it once given',
    async () => {
      mockGets({
        '/secure/brands/b-1': async () =>
          brand({
            status: status('submitted', 6, 'Submitted'),
            allowed_actions: ['forward', 'approve', 'reject'],
          }),
        '/secure/brands/b-1/history': async () => NO_HISTORY,
      });
      const post = vi
        .spyOn(http, 'post')
        .mockResolvedValue(brand({ status: status('rejected', 32, 'Rejected'), allowed_actions: [] }));
      renderApp('/admin/view-brand?brandId=b-1', { details: SUPER_ADMIN });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Reject' }, FIND));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Give a reason: it is shown to the submitter.')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Blurry certificate');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          '/secure/brands/b-1/review/reject',
          { reason: 'Blurry certificate' },
          expect.anything(),
        ),
      );
    },
    SLOW,
  );

  it(
    "when the developer opens a reviewed brand then each carrier's rejection reason and the platform's decision show on the brand itself",
    async () => {
      mockGets({
        '/secure/brands/b-1': async () => brand(),
        '/secure/brands/b-1/history': async () => NO_HISTORY,
      });
      renderApp('/u/update-brand?brandId=b-1', { details: DEVELOPER });
      const summary = await screen.findByRole('region', { name: 'Brand summary' }, FIND);
      expect(
        within(summary).getByText(/Reason: The registered address does not match the GST certificate\./),
      ).toBeTruthy();
      expect(within(summary).getByText(/The platform: forwarded to the carriers/)).toBeTruthy();
    },
    SLOW,
  );
});

describe('brand review lists opened from a dashboard card', () => {
  it(
    'when a link asks for ?tab=approved then the Approved tab is open and the list is asked for approved brands',
    async () => {
      const get = mockGets({ '/secure/brands': async () => list([]) });
      renderApp('/admin/my-brands?tab=approved', { details: SUPER_ADMIN });
      expect((await screen.findByRole('tab', { name: 'Approved' }, FIND)).getAttribute('aria-selected')).toBe(
        'true',
      );
      await waitFor(() =>
        expect(
          get.mock.calls.filter((call) => call[0] === '/secure/brands').at(-1)?.[2]?.params,
        ).toMatchObject({ status: 'approved' }),
      );
    },
    SLOW,
  );
});

describe('brand tab counts', () => {
  it(
    'when a reviewer opens the brands then each tab shows how many it holds: the platform its tabs, a carrier its own',
    async () => {
      mockGets({
        '/secure/brands': async () => ({
          ...list([item('Masala Metro')]),
          tabCounts: {
            submitted: 2,
            forwarded: 1,
            approved_pending_carrier: 0,
            approved: 5,
            rejected: 1,
            all: 9,
          },
        }),
      });
      const admin = renderApp('/admin/my-brands', { details: SUPER_ADMIN });
      expect(await screen.findByRole('tab', { name: 'Submitted, 2 items' }, FIND)).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Forwarded, 1 item' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Pending from carriers, 0 items' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'All, 9 items' })).toBeTruthy();
      admin.unmount();

      vi.restoreAllMocks();
      mockGets({
        '/secure/brands': async () => ({
          ...list([]),
          tabCounts: { to_be_approved_by_carrier: 3, approved: 2, rejected: 0, all: 5 },
        }),
      });
      renderApp('/billing/my-brands', { details: CARRIER_ADMIN });
      expect(await screen.findByRole('tab', { name: 'To review, 3 items' }, FIND)).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Approved, 2 items' })).toBeTruthy();
    },
    SLOW,
  );
});
