import {
  ROLES,
  ZMailSent,
  ZRecoveryCodes,
  ZTwoFactorPolicy,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
  ZVerifiedEmail,
} from '@portico/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { partnerDetails } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const OFF = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String.fromCharCode(65 + i)}K`);

describe('forgot password page', () => {
  it('when an email is sent then the page answers the same whoever it is, and offers to send again', async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ email: 'someone@portico.test', expiresAt: new Date().toISOString() });
    renderApp('/forgot-password');
    const email = await screen.findByRole('textbox', { name: /Email/ }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    await userEvent.type(email, 'someone@portico.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/has an account, we sent it a link/)).toBeTruthy();
    expect(post).toHaveBeenCalledWith(
      '/accounts/forgot-password',
      { email: 'someone@portico.test' },
      ZMailSent,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send it again' }));
    expect(
      await screen.findByText('A new link is on its way. The previous one no longer works.'),
    ).toBeTruthy();
  });

  it('when too many links were asked then the server says so and the email is kept', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('A reset link was sent to this address less than a minute ago.', {
        statusCode: 11,
        httpStatus: 429,
      }),
    );
    renderApp('/forgot-password');
    const email = await screen.findByRole('textbox', { name: /Email/ }, { timeout: 5000 });
    await userEvent.type(email, 'someone@portico.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/less than a minute ago/)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('someone@portico.test');
  });
});

describe('reset password page', () => {
  it('when the link is good then the new password is checked against the rules and then set', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ email: 'asha@portico.test' });
    renderApp('/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(post).toHaveBeenCalledWith(
      '/accounts/check-reset-link',
      'abcdefghijklmnopqrstuvwxyz',
      ZVerifiedEmail,
      {
        headers: { 'Content-Type': 'text/plain' },
      },
    );
    await userEvent.type(screen.getByLabelText(/^New password/), 'weak');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/The password is too weak/)).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Brand!New2027');
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Brand!New2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Your password is reset' })).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith(
      '/accounts/reset-password',
      { token: 'abcdefghijklmnopqrstuvwxyz', password: 'Brand!New2027', confirmPassword: 'Brand!New2027' },
      ZVerifiedEmail,
    );
  });

  it('when the link has expired then the page says so and sends a new one to its email', async () => {
    const post = vi.spyOn(http, 'post').mockImplementation(async (url) => {
      if (url === '/accounts/check-reset-link') {
        throw new ApiError('This link has expired. Ask for a new one.', {
          statusCode: 11,
          httpStatus: 410,
          data: { reason: 'expired', email: 'asha@portico.test' },
        });
      }
      return { email: 'asha@portico.test', expiresAt: new Date().toISOString() };
    });
    renderApp('/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }, { timeout: 5000 }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('A new link is on its way to asha@portico.test.')).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith(
      '/accounts/forgot-password',
      { email: 'asha@portico.test' },
      ZMailSent,
    );
  });

  it('when the link was used then the page says so and offers sign-in or a new link', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('This reset link has already been used.', {
        statusCode: 11,
        httpStatus: 410,
        data: { reason: 'used', email: 'asha@portico.test' },
      }),
    );
    renderApp('/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    expect(
      await screen.findByRole('heading', { name: 'This link has already been used' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
  });
});

describe('sign-in security page', () => {
  it('when two-factor sign-in is off then setting it up asks the password, shows the key and gives the recovery codes once', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(OFF);
    const post = vi.spyOn(http, 'post').mockImplementation(async (url) => {
      if (url === '/secure/two-factor/setup') {
        return {
          manualKey: 'JBSW Y3DP EHPK 3PXP',
          otpauthUri: 'otpauth://totp/Portico:a?secret=JBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        };
      }
      return { recoveryCodes: CODES };
    });
    renderApp('/u/security', { details: partnerDetails() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign-in Security' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/u/change-password',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'My!Passw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(post).toHaveBeenCalledWith(
      '/secure/two-factor/setup',
      { password: 'My!Passw0rd' },
      ZTwoFactorSetup,
    );

    const scan = await screen.findByRole('dialog', { name: 'Scan the code with your app' });
    expect(within(scan).getByRole('img', { name: 'QR code of your authentication key' })).toBeTruthy();
    expect(within(scan).getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await userEvent.type(within(scan).getByLabelText(/^Code from the app/), '12 34');
    await userEvent.click(within(scan).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(scan).findByText('Enter the 6-digit code your authenticator app shows.'),
    ).toBeTruthy();
    await userEvent.type(within(scan).getByLabelText(/^Code from the app/), '56');
    await userEvent.click(within(scan).getByRole('button', { name: 'Turn on' }));
    expect(post).toHaveBeenLastCalledWith('/secure/two-factor/enable', { code: '123456' }, ZRecoveryCodes);

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(codes).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(codes).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
  });

  it('when the role requires it and it is on then it cannot be turned off, and recovery codes can be renewed', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      enabled: true,
      enabledAt: '2026-01-10T09:30:00.000Z',
      recoveryCodesLeft: 3,
      required: true,
    });
    renderApp('/billing/security', {
      details: partnerDetails({ role: ROLES.ADMIN_BILLING, isCarrier: true }),
    });
    expect(await screen.findByText('Required for your role', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/You have 3 unused recovery codes\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Get new recovery codes' })).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('/secure/two-factor', ZTwoFactorStatus);
  });

  it('when the super admin opens it then the requirement per role group is shown, and saving asks first', async () => {
    const policy = {
      groups: [
        { group: 'admin', required: false, users: 5, withTwoFactor: 1 },
        { group: 'carrier', required: false, users: 4, withTwoFactor: 0 },
      ],
      updatedAt: null,
      updatedBy: null,
    };
    vi.spyOn(http, 'get').mockImplementation(async (url) =>
      url === '/secure/two-factor/policy' ? policy : OFF,
    );
    const put = vi.spyOn(http, 'put').mockResolvedValue({
      ...policy,
      groups: [policy.groups[0], { ...policy.groups[1], required: true }],
      updatedAt: '2026-01-12T10:00:00.000Z',
      updatedBy: 'superadmin@portico.test',
    });
    renderApp('/admin/security', { details: partnerDetails({ role: ROLES.SUPER_ADMIN_PORTICO }) });
    const table = await screen.findByRole(
      'table',
      { name: 'Two-factor sign-in by role group' },
      { timeout: 5000 },
    );
    expect(within(table).getByRole('row', { name: /Platform admin roles 5 1/ })).toBeTruthy();
    expect(screen.getByText(/Never changed/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save setting' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(table).getAllByRole('switch')[1] as HTMLElement);
    await userEvent.click(save);
    const confirm = await screen.findByRole('dialog', { name: 'Save the two-factor sign-in setting?' });
    expect(within(confirm).getByText(/4 users without it will set it up at their next sign-in/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save setting' }));
    expect(put).toHaveBeenCalledWith(
      '/secure/two-factor/policy',
      { admin: false, carrier: true },
      ZTwoFactorPolicy,
    );
    expect(await screen.findByText(/Last changed .* by superadmin@portico.test/)).toBeTruthy();
  });
});
