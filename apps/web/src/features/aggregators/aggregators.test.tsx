import type { TAggregator, TMyAggregatorBilling, TReviewHistory } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, partnerDetails, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});
const SLOW = 20_000;
const FIND = { timeout: 8000 };
const AGGREGATOR = partnerDetails(
  { isAggregator: true, launchApproved: true, approvalStatus: 31, firstName: 'Arjun' },
  { email: 'aggregator@portico.test' },
);

const status = (key: string, code: number, label: string) => ({ key, code, label });
const BILLING = {
  contact_name: 'Arjun Mehta',
  contact_email: 'accounts@orbitreach.example',
  contact_phone: '+912240012345',
  tax_id: '27AACCO4321K1Z8',
  address: {
    line1: '5th Floor, Peninsula Business Park',
    city: 'Mumbai',
    postalCode: '400013',
    countryId: 'IN',
  },
  billing_category: { id: 1, code: 'CONVERSATIONAL', name: 'Conversational' },
  updated_at: '2026-09-01T09:00:00.000Z',
  updated_by: 'aggregator@portico.test',
};
const aggregator = (extra: Partial<TAggregator> = {}): TAggregator => ({
  partner_id: 'p-21',
  name: 'Kestrel Connect Pvt Ltd',
  owner_email: 'kestrel-owner@portico.test',
  status: status('forwarded', 30, 'Forwarded to the carriers'),
  launch_approved: false,
  child_users: 0,
  carrier_status: status('to_be_approved_by_carrier', 39, 'To be approved by the carrier'),
  created_at: '2026-08-20T10:00:00.000Z',
  website: 'https://kestrelconnect.example',
  registration_number: null,
  address: 'Bengaluru, IN',
  owner_name: 'Kavya Rao',
  users: [],
  billing: BILLING,
  carriers: [
    {
      carrier_id: 7,
      name: 'Reliance Jio',
      country_id: 'IN',
      status: status('to_be_approved_by_carrier', 39, 'To be approved by the carrier'),
    },
  ],
  allowed_actions: ['approve', 'reject'],
  ...extra,
});
const NO_HISTORY: TReviewHistory = { items: [], total: 0 };

function mockGets(answers: Record<string, () => Promise<unknown>>) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    const answer = answers[url];
    if (answer) return answer();
    throw new ApiError(`not in this test: ${url}`, { statusCode: 11, httpStatus: 404 });
  });
}

describe('aggregator billing info', () => {
  it('when the aggregator sets it up then wrong fields say why, and a right form is sent parsed', async () => {
    const empty: TMyAggregatorBilling = { name: 'Orbit Reach', billing: null, can_edit: true };
    mockGets({
      '/secure/aggregators/mine/billing': async () => empty,
      '/reference/countries': async () => ({ items: [{ country_id: 'IN', name: 'India' }], total: 1 }),
      '/reference/billing-categories': async () => ({
        items: [{ id: 1, code: 'CONVERSATIONAL', billingCategoryName: 'Conversational' }],
        total: 1,
      }),
    });
    const put = vi.spyOn(http, 'put').mockResolvedValue({ ...empty, billing: BILLING });
    renderApp('/u/billing-info', { details: AGGREGATOR });
    // No pause between keystrokes: the form has many fields.
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Billing info' }, FIND);
    await user.type(within(form).getByRole('textbox', { name: /Contact email/ }), 'nobody');
    await user.type(within(form).getByRole('textbox', { name: /Tax id/ }), '=cmd|x');
    await user.click(within(form).getByRole('button', { name: 'Save billing info' }));
    expect(await within(form).findByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(within(form).getByText('Billing contact name is required.')).toBeTruthy();
    expect(within(form).getByText('Enter a valid billing contact email address.')).toBeTruthy();
    expect(
      within(form).getByText('Tax id has letters, digits, spaces, dots, slashes or hyphens only.'),
    ).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    await user.type(within(form).getByRole('textbox', { name: /Contact name/ }), 'Arjun Mehta');
    await user.clear(within(form).getByRole('textbox', { name: /Contact email/ }));
    await user.type(
      within(form).getByRole('textbox', { name: /Contact email/ }),
      'Accounts@OrbitReach.example',
    );
    await user.type(within(form).getByRole('textbox', { name: /Contact phone/ }), '+912240012345');
    await user.clear(within(form).getByRole('textbox', { name: /Tax id/ }));
    await user.type(within(form).getByRole('textbox', { name: /Tax id/ }), '27aacco4321k1z8');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Billing category/ }),
      await within(within(form).getByRole('combobox', { name: /Billing category/ })).findByRole('option', {
        name: 'Conversational',
      }),
    );
    await user.type(within(form).getByRole('textbox', { name: /Address line 1/ }), '5th Floor');
    await user.type(within(form).getByRole('textbox', { name: /^City/ }), 'Mumbai');
    await user.type(within(form).getByRole('textbox', { name: /Postal code/ }), '400013');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Country/ }),
      await within(within(form).getByRole('combobox', { name: /Country/ })).findByRole('option', {
        name: 'India',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save billing info' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      contact_email: 'accounts@orbitreach.example',
      tax_id: '27AACCO4321K1Z8',
      billing_category_id: 1,
      address: { countryId: 'IN', city: 'Mumbai' },
    });
    expect(await screen.findByText('The billing info is saved.')).toBeTruthy();
    expect(screen.getByText('27AACCO4321K1Z8')).toBeTruthy();
  }, 60_000);
});

describe('aggregator decisions', () => {
  it(
    "when a carrier opens an aggregator forwarded to it then it sees the billing info and its own network's choices, and a rejection needs a reason",
    async () => {
      mockGets({
        '/secure/aggregators/p-21': async () => aggregator(),
        '/secure/aggregators/p-21/history': async () => NO_HISTORY,
      });
      const post = vi.spyOn(http, 'post').mockResolvedValue(aggregator({ allowed_actions: [] }));
      renderApp('/billing/view-aggregator?partnerId=p-21', { details: CARRIER_ADMIN });
      const user = userEvent.setup();
      const billing = await screen.findByRole('region', { name: 'Billing info' }, FIND);
      expect(within(billing).getByText('27AACCO4321K1Z8')).toBeTruthy();
      // The carrier's own network is named (the fixture's carrier is Jio).
      expect(screen.getByRole('region', { name: "Jio's review" }).textContent).toContain('Reliance Jio');
      // The platform's choices are not a carrier's.
      expect(screen.queryByRole('button', { name: 'Forward to carriers' })).toBeNull();
      // The decisions say what each does, under them.
      const decisions = screen.getByRole('region', { name: /^Decisions on / });
      expect(within(decisions).getByTestId('decision-effects').textContent).toContain(
        'Reject refuses it on your network',
      );
      await user.click(within(decisions).getByRole('button', { name: 'Reject for Jio' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Reject for Jio' }));
      expect(await within(dialog).findByText('Give a reason: it is shown to the submitter.')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Unknown sender');
      await user.click(within(dialog).getByRole('button', { name: 'Reject for Jio' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          '/secure/aggregators/p-21/carrier-review/reject',
          { reason: 'Unknown sender' },
          expect.anything(),
        ),
      );
    },
    SLOW,
  );

  it(
    'when the super admin opens it then the carrier reviews and the platform choices show; without billing info it says so',
    async () => {
      mockGets({
        '/secure/aggregators/p-21': async () =>
          aggregator({ billing: null, carrier_status: null, allowed_actions: ['approve', 'reject'] }),
        '/secure/aggregators/p-21/history': async () => NO_HISTORY,
      });
      renderApp('/admin/viewAggregatorDetails?partnerId=p-21', { details: SUPER_ADMIN });
      const billing = await screen.findByRole('region', { name: 'Billing info' }, FIND);
      expect(billing.textContent).toContain('has not set up its billing info yet');
      expect(screen.getByRole('region', { name: 'Carrier reviews' }).textContent).toContain(
        'To be approved by the carrier',
      );
      expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Approve for Jio' })).toBeNull();
    },
    SLOW,
  );
});

describe('aggregator lists opened from a dashboard card', () => {
  it(
    'when a link asks for a tab then the list opens on it: ?tab=rejected for the platform, ?tab=waiting for a carrier',
    async () => {
      const get = mockGets({ '/secure/aggregators': async () => ({ items: [], total: 0 }) });
      const admin = renderApp('/admin/aggregators?tab=rejected', { details: SUPER_ADMIN });
      expect((await screen.findByRole('tab', { name: 'Rejected' }, FIND)).getAttribute('aria-selected')).toBe(
        'true',
      );
      await waitFor(() =>
        expect(
          get.mock.calls.filter((call) => call[0] === '/secure/aggregators').at(-1)?.[2]?.params,
        ).toMatchObject({ status: 'rejected' }),
      );
      admin.unmount();
      renderApp('/billing/my-aggregators?tab=waiting', { details: CARRIER_ADMIN });
      expect(
        (await screen.findByRole('tab', { name: 'To review' }, FIND)).getAttribute('aria-selected'),
      ).toBe('true');
      await waitFor(() =>
        expect(
          get.mock.calls.filter((call) => call[0] === '/secure/aggregators').at(-1)?.[2]?.params,
        ).toMatchObject({ review: 'to_be_approved_by_carrier' }),
      );
    },
    SLOW,
  );
});

describe('aggregator tab counts', () => {
  it(
    'when a reviewer opens the aggregators then each tab shows how many it holds, and counts follow the latest answer',
    async () => {
      let forwarded = 2;
      const get = mockGets({
        '/secure/aggregators': async () => ({
          items: [],
          total: 0,
          tabCounts: { awaiting_approval: 1, forwarded, approved: 4, rejected: 0, all: 5 + forwarded },
        }),
      });
      renderApp('/admin/aggregators?tab=rejected', { details: SUPER_ADMIN });
      expect(await screen.findByRole('tab', { name: 'Awaiting approval, 1 item' }, FIND)).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Forwarded, 2 items' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Rejected, 0 items' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(screen.getByRole('tab', { name: 'All, 7 items' })).toBeTruthy();
      // Another tab keeps the counts (they do not depend on the tab) and asks with its own status.
      forwarded = 3;
      await userEvent.click(screen.getByRole('tab', { name: 'Forwarded, 2 items' }));
      await waitFor(() =>
        expect(
          get.mock.calls.filter((call) => call[0] === '/secure/aggregators').at(-1)?.[2]?.params,
        ).toMatchObject({ status: 'forwarded' }),
      );
      expect(await screen.findByRole('tab', { name: 'Forwarded, 3 items' }, FIND)).toBeTruthy();
    },
    SLOW,
  );
});
