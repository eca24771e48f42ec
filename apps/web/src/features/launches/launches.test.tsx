import {
  APPROVAL_AREA_MESSAGES,
  BOT_STATUS,
  botCarrierStatusOf,
  botStatusOf,
  type TLaunchCarrierList,
  type TLaunchDraft,
  type TLaunchPreflight,
  type TLaunchSummary,
  type TVerificationPricing,
  type TWalletBalance,
} from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { DEVELOPER, PENDING_AGGREGATOR, partnerDetails } from '@/test/fixtures';
import {
  CARRIER_STATUS,
  LAUNCH_BOT_ID,
  LAUNCH_STATUS,
  launchDraft,
  launchSummary,
  PREFLIGHT_OK,
  PREFLIGHT_PROBLEMS,
} from '@/test/launch-fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const READ_ONLY = partnerDetails({ role: 'CHILD_AGGREGATOR_READONLY', isAggregator: false });

const CARRIERS: TLaunchCarrierList = {
  currency: 'USD',
  items: [
    { carrier_id: 7, name: 'Jio', country_id: 'IN', price: '25.00', chosen: true },
    { carrier_id: 8, name: 'Airtel', country_id: 'IN', price: '30.00', chosen: false },
    { carrier_id: 9, name: 'Vi', country_id: 'IN', price: null, chosen: false },
  ],
};
const PRICING: TVerificationPricing = {
  currency: 'USD',
  items: [{ carrier_id: 7, carrier_name: 'Jio', plan_code: 'STD', price: '25.00' }],
  total: '25.00',
};
const WALLET: TWalletBalance = {
  currency: 'USD',
  balance: '100.00',
  held: '0.00',
  low_balance_threshold: null,
  low_balance: false,
};
const HOLD = {
  hold_id: '0b6c1f4e-3f6a-4d7e-9a55-666666666666',
  amount: '25.00',
  currency: 'USD',
  status: 'held' as const,
  reference: LAUNCH_BOT_ID,
  created_at: '2026-11-26T09:00:00.000Z',
  settled_at: null,
};

interface Answers {
  draft?: TLaunchDraft;
  preflight?: TLaunchPreflight;
  summary?: TLaunchSummary;
}

/** The launch calls answered as the API would; every GET the screens make is one of these. */
function answerGets({
  draft = launchDraft(),
  preflight = PREFLIGHT_PROBLEMS,
  summary = launchSummary(),
}: Answers = {}) {
  const base = `/secure/launches/${LAUNCH_BOT_ID}`;
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === base) return draft;
    if (url === `${base}/carriers`) return CARRIERS;
    if (url === `${base}/preflight`) return preflight;
    if (url === `${base}/summary`) return summary;
    if (url === '/secure/launches/verification-pricing') return PRICING;
    if (url === '/secure/wallet/balance') return WALLET;
    throw new Error(`unexpected GET ${url}`);
  });
}

const stepUrl = (step: string, extra = '') => `/u/launch/${step}?bot_id=${LAUNCH_BOT_ID}${extra}`;

describe('the launch stepper', () => {
  it('when the developer chooses carriers and saves then the carriers are sent and the next step opens', async () => {
    answerGets();
    const put = vi.spyOn(http, 'put').mockResolvedValue(launchDraft({ carrier_ids: [7, 8] }));
    const user = userEvent.setup();
    renderApp(stepUrl('carriers'), { details: DEVELOPER });
    const airtel = await screen.findByRole('checkbox', { name: /Airtel \(IN\)/ });
    expect(screen.getByRole('checkbox', { name: /Vi \(IN\)/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('Verification $30.00')).toBeTruthy();
    await user.click(airtel);
    expect(screen.getByTestId('carriers-total').textContent).toBe('2 chosen · verification $55.00');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        `/secure/launches/${LAUNCH_BOT_ID}/carriers`,
        { carrier_ids: [7, 8] },
        expect.anything(),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Bot Details & Experience' })).toBeTruthy();
  });

  it('when no carrier is chosen then the field says so and nothing is sent', async () => {
    answerGets({ draft: launchDraft({ carrier_ids: [] }) });
    const put = vi.spyOn(http, 'put');
    const user = userEvent.setup();
    renderApp(stepUrl('carriers'), { details: DEVELOPER });
    await screen.findByRole('checkbox', { name: /Airtel/ });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('choose at least one carrier')).toBeTruthy();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('when the pre-flight finds problems then each links to the step and field that fixes it', async () => {
    answerGets();
    renderApp(stepUrl('carriers'), { details: DEVELOPER });
    const panel = await screen.findByTestId('preflight-panel');
    const links = await within(panel).findAllByRole('link', { name: /^Fix in / });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Fix in Bot Details & Experience', `/u/launch/experience?bot_id=${LAUNCH_BOT_ID}&field=opt_out`],
      ['Fix in Business Verification', `/u/launch/verification?bot_id=${LAUNCH_BOT_ID}&field=loa`],
      ['Fix in Payment', `/u/launch/payment?bot_id=${LAUNCH_BOT_ID}&field=wallet`],
    ]);
    expect(within(panel).getByText('How users opt out: not described.')).toBeTruthy();
  });

  it('when a pre-flight link is followed then its step opens with the field focused and its problem under it', async () => {
    answerGets();
    const user = userEvent.setup();
    renderApp(stepUrl('carriers'), { details: DEVELOPER });
    const panel = await screen.findByTestId('preflight-panel');
    await user.click(await within(panel).findByRole('link', { name: 'Fix in Bot Details & Experience' }));
    const optOut = await screen.findByRole('textbox', { name: 'How users opt out' });
    await waitFor(() => expect(document.activeElement).toBe(optOut));
    const described = optOut.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toContain('How users opt out: not described.');
  });

  it('when the developer types an answer and moves to another step then it is still there on coming back', async () => {
    answerGets();
    const user = userEvent.setup();
    renderApp(stepUrl('experience'), { details: DEVELOPER });
    const optOut = await screen.findByRole('textbox', { name: 'How users opt out' });
    await user.type(optOut, 'Reply STOP at any time.');
    await user.click(screen.getByRole('link', { name: 'Review Carriers' }));
    await screen.findByRole('heading', { name: 'Review Carriers' });
    await user.click(screen.getByRole('link', { name: 'Bot Details & Experience' }));
    expect(await screen.findByRole('textbox', { name: 'How users opt out' })).toHaveProperty(
      'value',
      'Reply STOP at any time.',
    );
  });

  it('when saving fails then the server message and the field message show and what was typed stays', async () => {
    answerGets();
    vi.spyOn(http, 'put').mockRejectedValue(
      new ApiError('Please correct the launch questionnaire.', {
        statusCode: 11,
        httpStatus: 400,
        data: [{ field: 'opt_out', message: 'is at most 2000 characters' }],
      }),
    );
    const user = userEvent.setup();
    renderApp(stepUrl('experience'), { details: DEVELOPER });
    const optOut = await screen.findByRole('textbox', { name: 'How users opt out' });
    await user.type(optOut, 'Reply STOP.');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Please correct the launch questionnaire.')).toBeTruthy();
    await waitFor(() => expect(optOut.getAttribute('aria-invalid')).toBe('true'));
    expect(optOut).toHaveProperty('value', 'Reply STOP.');
    expect(screen.getByRole('heading', { name: 'Bot Details & Experience' })).toBeTruthy();
  });

  it('when the LOA is not a PDF then it is refused before upload; a PDF is uploaded with its progress', async () => {
    answerGets();
    let report: ((fraction: number) => void) | undefined;
    let finish: (draft: TLaunchDraft) => void = () => {};
    const upload = vi.spyOn(http, 'upload').mockImplementation((_url, _body, _schema, config) => {
      report = config?.onProgress;
      return new Promise((resolve) => {
        finish = resolve as (draft: TLaunchDraft) => void;
      }) as never;
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp(stepUrl('verification'), { details: DEVELOPER });
    const input = (await screen.findByTestId('loa-input')) as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'loa.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The letter of authorisation must be a PDF.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    await user.upload(input, new File(['%PDF-1.7'], 'loa.pdf', { type: 'application/pdf' }));
    expect(upload).toHaveBeenCalledWith(
      `/secure/launches/${LAUNCH_BOT_ID}/loa`,
      expect.any(FormData),
      expect.anything(),
      expect.anything(),
    );
    report?.(0.4);
    expect(await screen.findByText('Uploading… 40%')).toBeTruthy();
    finish(
      launchDraft({
        loa: { name: 'loa.pdf', content_type: 'application/pdf', size_bytes: 8, url: '/files/loa' },
      }),
    );
    expect(await screen.findByRole('link', { name: 'loa.pdf' })).toBeTruthy();
    expect(screen.queryByText(/Uploading…/)).toBeNull();
  });

  it('when a screenshot is removed then it asks first, and only then deletes it by its index', async () => {
    const shot = { name: 'chat.png', content_type: 'image/png', size_bytes: 8000, url: '/files/shot-0' };
    answerGets({ draft: launchDraft({ screenshots: [shot] }) });
    const remove = vi.spyOn(http, 'delete').mockResolvedValue(launchDraft({ screenshots: [] }));
    const user = userEvent.setup();
    renderApp(stepUrl('experience'), { details: DEVELOPER });
    await user.click(await screen.findByRole('button', { name: 'Remove chat.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove chat.png?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove chat.png' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith(
        `/secure/launches/${LAUNCH_BOT_ID}/screenshots/0`,
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'chat.png' })).toBeNull());
  });

  it('when the company details are saved then company and verified carriers go to their two calls', async () => {
    answerGets();
    const put = vi.spyOn(http, 'put').mockResolvedValue(launchDraft());
    const user = userEvent.setup();
    renderApp(stepUrl('verification'), { details: DEVELOPER });
    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Acme Travel Pvt Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'not a url');
    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Asha Rao');
    await user.type(screen.getByRole('textbox', { name: 'Contact email' }), 'asha@acme.example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Jio (IN)' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Website must be a URL')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    const website = screen.getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'https://acme.example.com');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[0]?.[0]).toBe(`/secure/launches/${LAUNCH_BOT_ID}/company`);
    expect(put.mock.calls[0]?.[1]).toMatchObject({ company_name: 'Acme Travel Pvt Ltd', contact_phone: '' });
    expect(put.mock.calls[1]?.slice(0, 2)).toEqual([
      `/secure/launches/${LAUNCH_BOT_ID}/verified-carriers`,
      { carrier_ids: [7] },
    ]);
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
  });
});

describe('the payment step', () => {
  it('when the pre-flight has problems then Submit is disabled, even with the money held', async () => {
    answerGets({ draft: launchDraft({ hold: HOLD }) });
    renderApp(stepUrl('payment'), { details: DEVELOPER });
    expect(await screen.findByTestId('hold')).toBeTruthy();
    await screen.findAllByRole('link', { name: /^Fix in / });
    expect(screen.getByRole('button', { name: 'Submit for launch' })).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Submit is possible once the pre-flight check finds nothing to fix.'),
    ).toBeTruthy();
  });

  it('when the developer pays then the hold is asked once after a confirmation, with an idempotency key', async () => {
    answerGets({ preflight: PREFLIGHT_OK });
    const post = vi.spyOn(http, 'post').mockResolvedValue(HOLD);
    const user = userEvent.setup();
    renderApp(stepUrl('payment'), { details: DEVELOPER });
    expect((await screen.findByTestId('verification-total')).textContent).toBe('$25.00');
    expect((await screen.findByTestId('wallet-balance')).textContent).toContain('Available $100.00');
    expect(screen.getByRole('button', { name: 'Submit for launch' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold $25.00 from your wallet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body, , config] = post.mock.calls[0] ?? [];
    expect(url).toBe('/secure/launches/payment');
    expect(config).toEqual({ params: { bot_id: LAUNCH_BOT_ID } });
    expect((body as { idempotency_key: string }).idempotency_key).toMatch(/^launch-[0-9a-f-]{36}$/);
  });

  it('when the pre-flight passes and the money is held then Submit sends the launch and opens its details', async () => {
    answerGets({ draft: launchDraft({ hold: HOLD }), preflight: PREFLIGHT_OK });
    const post = vi.spyOn(http, 'post').mockResolvedValue(launchSummary());
    const user = userEvent.setup();
    renderApp(stepUrl('payment'), { details: DEVELOPER });
    const submit = await screen.findByRole('button', { name: 'Submit for launch' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/secure/launches/submit-verification',
        undefined,
        expect.anything(),
        {
          params: { bot_id: LAUNCH_BOT_ID },
        },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Launch Details', level: 1 })).toBeTruthy();
    expect(screen.getByText(/^Submitted for launch\. The platform reviews it first/)).toBeTruthy();
  });

  /** A rejected launch whose resubmission sends Airtel back, Vi for review and keeps Jio launching. */
  async function openResubmission() {
    const draft = launchDraft({
      status: LAUNCH_STATUS.rejected,
      hold: HOLD,
      carrier_ids: [7, 8, 9],
      carriers: [
        { carrier_id: 7, name: 'Jio', status: botCarrierStatusOf(11), reason: null, on_submit: 'keep' },
        {
          carrier_id: 8,
          name: 'Airtel',
          status: CARRIER_STATUS.rejected,
          reason: 'The opt-out answer does not say how to stop messages.',
          on_submit: 'resubmit',
        },
        { carrier_id: 9, name: 'Vi', status: botCarrierStatusOf(0), reason: null, on_submit: 'submit' },
      ],
    });
    answerGets({ draft, preflight: PREFLIGHT_OK });
    const post = vi.spyOn(http, 'post').mockResolvedValue(launchSummary());
    const user = userEvent.setup();
    renderApp(stepUrl('payment'), { details: DEVELOPER });
    expect((await screen.findByTestId('resubmission')).textContent).toMatch(
      /^Submitting again sends Airtel back for review/,
    );
    const submit = await screen.findByRole('button', { name: 'Submit for launch' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Submit the launch again?' }, { timeout: 5000 });
    return { post, user, dialog };
  }

  it('when a carrier rejected the launch then Submit first shows which carriers go back for review, and Cancel sends nothing', async () => {
    const { post, user, dialog } = await openResubmission();
    const group = (name: string) =>
      within(within(dialog).getByRole('region', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(group('Back for review')).toEqual([
      'Airtel rejected the launch: “The opt-out answer does not say how to stop messages.”',
    ]);
    expect(group('Submitted for review')).toEqual(['Vi']);
    expect(group('Left as they are')).toEqual(['Jio (launching on the network)']);
    expect(post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('when the resubmission is confirmed then the launch is sent once and its details open', async () => {
    const { post, user, dialog } = await openResubmission();
    await user.click(within(dialog).getByRole('button', { name: 'Submit again' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/secure/launches/submit-verification',
        undefined,
        expect.anything(),
        {
          params: { bot_id: LAUNCH_BOT_ID },
        },
      ),
    );
    expect(post).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Launch Details', level: 1 })).toBeTruthy();
  });

  it('when the submission is refused then its reason shows on the step', async () => {
    answerGets({ draft: launchDraft({ hold: HOLD }), preflight: PREFLIGHT_OK });
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('The launch cannot be submitted: the pre-flight check found problems.', {
        statusCode: 11,
        httpStatus: 422,
      }),
    );
    const user = userEvent.setup();
    renderApp(stepUrl('payment'), { details: DEVELOPER });
    const submit = await screen.findByRole('button', { name: 'Submit for launch' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect(
      await screen.findByText('The launch cannot be submitted: the pre-flight check found problems.'),
    ).toBeTruthy();
  });
});

describe('the launch for other roles and states', () => {
  it('when the user is read-only then the steps show and nothing can be saved, paid or submitted', async () => {
    answerGets({ draft: launchDraft({ hold: HOLD }), preflight: PREFLIGHT_OK });
    const user = userEvent.setup();
    renderApp(stepUrl('carriers'), { details: READ_ONLY });
    expect(await screen.findByText('Your role can view this launch, not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    expect((await screen.findByRole('checkbox', { name: /Airtel/ })).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    expect(screen.queryByRole('button', { name: 'Submit for launch' })).toBeNull();
  });

  it('when an aggregator awaits approval then the payment step says why and offers neither Pay nor Submit', async () => {
    answerGets({ preflight: PREFLIGHT_OK });
    renderApp(stepUrl('payment'), { details: PENDING_AGGREGATOR });
    await screen.findByTestId('verification-total');
    expect(screen.getByRole('button', { name: /^Pay / })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Submit for launch' })).toBeNull();
    expect(screen.getByText(APPROVAL_AREA_MESSAGES.billing)).toBeTruthy();
  });

  it('when the launch was submitted then the stepper sends the developer to the launch details', async () => {
    answerGets({ draft: launchDraft({ editable: false, status: LAUNCH_STATUS.submitted_for_launch }) });
    renderApp(stepUrl('carriers'), { details: DEVELOPER });
    const details = await screen.findByRole('link', { name: 'Launch details' });
    expect(details.getAttribute('href')).toBe(`/u/launch-details?bot_id=${LAUNCH_BOT_ID}`);
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });

  it('when the screen is narrow (600 px) then the steps stack vertically instead of overflowing', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: /max-width/.test(query),
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    answerGets();
    renderApp(stepUrl('carriers'), { details: DEVELOPER });
    const nav = await screen.findByRole('navigation', { name: 'Launch steps' });
    expect(nav.querySelector('.MuiStepper-vertical')).not.toBeNull();
    expect(nav.querySelector('.MuiStepper-horizontal')).toBeNull();
  });
});

describe('the launch details and carrier changes', () => {
  it('when a carrier has not decided then the details offer the PDF and the carrier update', async () => {
    const summary = launchSummary({
      carriers: [
        ...launchSummary().carriers,
        {
          carrier_id: 9,
          name: 'Vi',
          country_id: 'IN',
          status: CARRIER_STATUS.to_be_approved_by_carrier,
          reason: null,
          price: '20.00',
          verified: false,
          updated_at: '2026-11-25T10:00:00.000Z',
        },
      ],
    });
    answerGets({ summary });
    renderApp(`/u/launch-details?bot_id=${LAUNCH_BOT_ID}`, { details: DEVELOPER });
    expect(await screen.findByTestId('launch-summary')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update carriers' }).getAttribute('href')).toBe(
      `/u/update-carrier?bot_id=${LAUNCH_BOT_ID}`,
    );
  });

  it('when the bot may still be launched then the details lead back to the step reached; a submitted one does not', async () => {
    const draftSummary = launchSummary({
      bot: { ...launchSummary().bot, status: botStatusOf(BOT_STATUS.in_progress_carrier_submission) },
      submitted_at: null,
      step_reached: 'verification',
    });
    answerGets({ summary: draftSummary });
    const { unmount } = renderApp(`/u/launch-details?bot_id=${LAUNCH_BOT_ID}`, { details: DEVELOPER });
    expect((await screen.findByRole('link', { name: 'Continue the launch' })).getAttribute('href')).toBe(
      `/u/launch/verification?bot_id=${LAUNCH_BOT_ID}`,
    );
    unmount();
    vi.restoreAllMocks();
    answerGets();
    renderApp(`/u/launch-details?bot_id=${LAUNCH_BOT_ID}`, { details: DEVELOPER });
    await screen.findByTestId('launch-summary');
    expect(screen.queryByRole('link', { name: /Continue the launch|Launch again/ })).toBeNull();
  });

  it('when every carrier has decided then there is no carrier update', async () => {
    answerGets();
    renderApp(`/u/launch-details?bot_id=${LAUNCH_BOT_ID}`, { details: DEVELOPER });
    await screen.findByTestId('launch-summary');
    expect(screen.queryByRole('link', { name: 'Update carriers' })).toBeNull();
  });

  it('when the developer adds and removes carriers then a confirmation lists both before they are sent', async () => {
    const summary = launchSummary({
      carriers: [
        {
          carrier_id: 7,
          name: 'Jio',
          country_id: 'IN',
          status: CARRIER_STATUS.to_be_approved_by_carrier,
          reason: null,
          price: '25.00',
          verified: false,
          updated_at: '2026-11-25T10:00:00.000Z',
        },
      ],
    });
    answerGets({ summary });
    const put = vi.spyOn(http, 'put').mockResolvedValue(summary);
    const user = userEvent.setup();
    renderApp(`/u/update-carrier?bot_id=${LAUNCH_BOT_ID}`, { details: DEVELOPER });
    await user.click(await screen.findByRole('checkbox', { name: 'Remove Jio (IN)' }));
    await user.click(screen.getByRole('checkbox', { name: /Airtel \(IN\) · \$30\.00/ }));
    expect(screen.queryByRole('checkbox', { name: /Vi/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review the changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the carriers of the launch?' });
    expect(within(dialog).getByTestId('carrier-changes').textContent).toContain('Add Airtel');
    expect(within(dialog).getByTestId('carrier-changes').textContent).toContain('Remove Jio');
    // The fixture's hold is held: it is taken again for the new set of carriers.
    expect(within(dialog).getByTestId('carrier-changes-money').textContent).toContain('taken again');
    expect(put).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Change carriers' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        `/secure/launches/${LAUNCH_BOT_ID}/carriers/update`,
        { add: [8], remove: [7] },
        expect.anything(),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Launch Details', level: 1 })).toBeTruthy();
  });

  it('when the platform already charged the verification then the confirmation says an added carrier is charged and a removed one not refunded', async () => {
    const base = launchSummary();
    const summary = launchSummary({
      hold: base.hold ? { ...base.hold, status: 'captured', settled_at: '2026-11-25T10:00:00.000Z' } : null,
      carriers: [
        {
          carrier_id: 7,
          name: 'Jio',
          country_id: 'IN',
          status: CARRIER_STATUS.to_be_approved_by_carrier,
          reason: null,
          price: '25.00',
          verified: false,
          updated_at: '2026-11-25T10:00:00.000Z',
        },
      ],
    });
    answerGets({ summary });
    const user = userEvent.setup();
    renderApp(`/u/update-carrier?bot_id=${LAUNCH_BOT_ID}`, { details: DEVELOPER });
    await user.click(await screen.findByRole('checkbox', { name: 'Remove Jio (IN)' }));
    await user.click(screen.getByRole('checkbox', { name: /Airtel/ }));
    await user.click(screen.getByRole('button', { name: 'Review the changes' }));
    const money = within(await screen.findByRole('dialog')).getByTestId('carrier-changes-money').textContent;
    expect(money).toContain("The added carriers' verification ($30.00) is charged from your wallet now.");
    expect(money).toContain('not refunded automatically');
  });
});
