import { ZMailSent } from '@portico/domain';
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

describe('sign-up page', () => {
  it('when the form is sent empty or wrong then each field says why and what was typed stays', async () => {
    const post = vi.spyOn(http, 'post');
    renderApp('/sign-up');
    const email = await screen.findByRole('textbox', { name: /Work email/ }, { timeout: 5000 });
    await userEvent.type(email, 'asha@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Accept the terms of service to continue.')).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('asha@');
    expect(post).not.toHaveBeenCalled();
  });

  it('when the server says the email is registered then the message shows and the email is kept', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('This email is already registered. Sign in instead, or use another email.', {
        statusCode: 11,
        httpStatus: 409,
      }),
    );
    renderApp('/sign-up');
    const email = await screen.findByRole('textbox', { name: /Work email/ }, { timeout: 5000 });
    await userEvent.type(email, 'taken@portico.test');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/This email is already registered/)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('taken@portico.test');
    expect(http.post).toHaveBeenCalledWith(
      '/accounts/sign-up',
      { email: 'taken@portico.test', acceptTerms: true },
      ZMailSent,
    );
  });
});

describe('change password page', () => {
  it('ticks the strength rules while typing and refuses a mismatched confirmation before calling', async () => {
    const post = vi.spyOn(http, 'post');
    renderApp('/u/change-password', { details: partnerDetails() });
    const rules = await screen.findByRole('list', { name: 'Password rules' }, { timeout: 5000 });
    const ruleTexts = () =>
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(ruleTexts()).toContain('A digit (not met yet)');
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Old!Passw0rd');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Abc1');
    expect(ruleTexts()).toContain('A digit (met)');
    expect(ruleTexts()).toContain('A symbol such as ! @ # or $ (not met yet)');
    await userEvent.type(screen.getByLabelText(/^New password/), '!efgh');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
