import {
  ZAccountCreated,
  ZAccountSetup,
  ZAccountTypeRequest,
  ZChangePasswordRequest,
  ZCompanyDetailsRequest,
  ZEnvelope,
  ZMailSent,
  ZResendVerificationRequest,
  ZSetPasswordRequest,
  ZSetupUserDetailsRequest,
  ZSignUpRequest,
  ZVerifiedEmail,
  ZVerifyEmailBody,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PolicyAction } from '../../platform/auth/policy.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { AccountsService } from './accounts.service.ts';

const tags = ['accounts'];
const ZDone = ZEnvelope(z.null());

/** The calls that save an organisation's company details and address, and who may make each. */
const ORGANISATION_CALLS = [
  {
    url: '/update-company-details',
    action: 'company-details.update',
    summary: "Company details and address of the caller's partner (set up enterprise, Edit Profile).",
    saved: 'Company details saved',
  },
  {
    url: '/update-carrier-profile',
    action: 'carrier-profile.update',
    summary: "Update carrier profile: the carrier's company details and address (ADMIN_BILLING).",
    saved: 'Carrier profile saved',
  },
  {
    url: '/update-admin-profile',
    action: 'admin-profile.update',
    summary: "Update admin profile: the platform's company details and address (SUPER_ADMIN).",
    saved: 'Admin profile saved',
  },
] as const satisfies ReadonlyArray<{ url: string; action: PolicyAction; summary: string; saved: string }>;

/** Public account calls (mounted under /api/v1/accounts): sign-up, verification, set password. */
export function accountsPublicRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sign-up',
      {
        schema: {
          tags,
          summary:
            'Starts a sign-up: a verification email with a single-use link (24 h); a registered email is mailed "you already have an account" instead, with the same answer. One mail a minute per address (429).',
          body: ZSignUpRequest,
          response: { 200: ZEnvelope(ZMailSent) },
        },
      },
      async (request) => ok(await accounts.signUp(request.body), 'Verification email sent'),
    );

    app.post(
      '/resend-verification',
      {
        schema: {
          tags,
          summary:
            'Sends a new verification link (the previous one stops working); the same answer whatever the email. One mail a minute per address (429).',
          body: ZResendVerificationRequest,
          response: { 200: ZEnvelope(ZMailSent) },
        },
      },
      async (request) => ok(await accounts.resendVerification(request.body.email), 'Verification email sent'),
    );

    app.post(
      '/verify-email',
      {
        schema: {
          tags,
          summary:
            "Verify email: the body is the link's token as text/plain. 404 unknown link, 410 used or expired (data.reason, data.email).",
          consumes: ['text/plain'],
          body: ZVerifyEmailBody,
          response: { 200: ZEnvelope(ZVerifiedEmail) },
        },
      },
      async (request) => ok(await accounts.verifyEmail(request.body), 'Email verified'),
    );

    app.post(
      '/create-user',
      {
        schema: {
          tags,
          summary:
            'Set password (create user): the verified sign-up link, a strong password and its confirmation.',
          body: ZSetPasswordRequest,
          response: { 200: ZEnvelope(ZAccountCreated) },
        },
      },
      async (request) => ok(await accounts.createUser(request.body), 'Account created'),
    );

    app.post(
      '/accept-invite',
      {
        schema: {
          tags,
          summary:
            "An invited user's set-password step: the invitation link, a strong password and its confirmation.",
          body: ZSetPasswordRequest,
          response: { 200: ZEnvelope(ZAccountCreated) },
        },
      },
      async (request) => ok(await accounts.acceptInvite(request.body), 'Password set'),
    );
  };
}

/** Secure account calls: the first-time flow and change password. */
export function accountsSecureRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account-setup',
      {
        config: { action: 'account-setup.read' },
        schema: {
          tags,
          summary: 'What the first-time flow has gathered so far.',
          response: { 200: ZEnvelope(ZAccountSetup) },
        },
      },
      async (request) => ok(await accounts.accountSetup(userOf(request))),
    );

    app.post(
      '/setup-user-details',
      {
        config: { action: 'account-setup.write' },
        schema: {
          tags,
          summary: 'Set up user details (first-time flow).',
          body: ZSetupUserDetailsRequest,
          response: { 200: ZDone },
        },
      },
      async (request) => {
        await accounts.setupUserDetails(userOf(request), request.body);
        return ok(null, 'User details saved');
      },
    );

    app.post(
      '/account-type',
      {
        config: { action: 'account-setup.write' },
        schema: {
          tags,
          summary: 'Developer or aggregator (first-time flow).',
          body: ZAccountTypeRequest,
          response: { 200: ZDone },
        },
      },
      async (request) => {
        await accounts.chooseAccountType(userOf(request), request.body);
        return ok(null, 'Account type saved');
      },
    );

    // One rule, three callers: each updates the company details and address of the caller's own
    // organisation (developer partner, carrier, platform); only who may call differs.
    for (const call of ORGANISATION_CALLS) {
      app.post(
        call.url,
        {
          config: { action: call.action },
          schema: { tags, summary: call.summary, body: ZCompanyDetailsRequest, response: { 200: ZDone } },
        },
        async (request) => {
          await accounts.updateCompanyDetails(userOf(request), request.body);
          return ok(null, call.saved);
        },
      );
    }

    app.post(
      '/complete-setup',
      {
        config: { action: 'account-setup.write' },
        schema: {
          tags,
          summary: 'Confirms the review: the account becomes active.',
          response: { 200: ZDone },
        },
      },
      async (request) => {
        await accounts.completeSetup(userOf(request));
        return ok(null, 'Sign-up complete');
      },
    );

    app.post(
      '/change-password',
      {
        config: { action: 'password.change' },
        schema: {
          tags,
          summary:
            'Change password: the current one is required; every session and refresh token of the user is revoked.',
          body: ZChangePasswordRequest,
          response: { 200: ZDone },
        },
      },
      async (request) => {
        await accounts.changePassword(userOf(request), request.body, request.ip);
        return ok(null, 'Password changed. Sign in again with your new password.');
      },
    );
  };
}
