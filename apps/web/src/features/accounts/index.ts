import { defineFeature, screen } from '@/lib/feature';

export const accountsFeature = defineFeature({
  name: 'accounts',
  screens: {
    'accounts.sign-up': screen(() => import('./pages/SignUpPage')),
    'accounts.set-password': screen(() => import('./pages/SetPasswordPage')),
    'accounts.setup-user': screen(() => import('./pages/SetupUserPage')),
    'accounts.account-type': screen(() => import('./pages/AccountTypePage')),
    'accounts.setup-enterprise': screen(() => import('./pages/SetupEnterprisePage')),
    'accounts.review-details': screen(() => import('./pages/ReviewDetailsPage')),
    'accounts.signup-success': screen(() => import('./pages/SignupSuccessPage')),
    'accounts.edit-profile': screen(() => import('./pages/EditProfilePage')),
    'accounts.change-password': screen(() => import('./pages/ChangePasswordPage')),
    'accounts.security-records': screen(() => import('./pages/SecurityRecordsPage')),
    'accounts.security': screen(() => import('./pages/SecurityPage')),
    'accounts.forgot-password': screen(() => import('./pages/ForgotPasswordPage')),
    'accounts.reset-password': screen(() => import('./pages/ResetPasswordPage')),
  },
});
