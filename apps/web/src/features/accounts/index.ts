import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const accountsFeature = defineFeature({
  name: 'accounts',
  screens: {
    'accounts.sign-up': lazy(() => import('./pages/SignUpPage')),
    'accounts.set-password': lazy(() => import('./pages/SetPasswordPage')),
    'accounts.setup-user': lazy(() => import('./pages/SetupUserPage')),
    'accounts.account-type': lazy(() => import('./pages/AccountTypePage')),
    'accounts.setup-enterprise': lazy(() => import('./pages/SetupEnterprisePage')),
    'accounts.review-details': lazy(() => import('./pages/ReviewDetailsPage')),
    'accounts.signup-success': lazy(() => import('./pages/SignupSuccessPage')),
    'accounts.edit-profile': lazy(() => import('./pages/EditProfilePage')),
    'accounts.change-password': lazy(() => import('./pages/ChangePasswordPage')),
    'accounts.security-records': lazy(() => import('./pages/SecurityRecordsPage')),
    'accounts.security': lazy(() => import('./pages/SecurityPage')),
    'accounts.forgot-password': lazy(() => import('./pages/ForgotPasswordPage')),
    'accounts.reset-password': lazy(() => import('./pages/ResetPasswordPage')),
  },
});
