import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import AccountTypePage from './AccountTypePage';
import ChangePasswordPage from './ChangePasswordPage';
import EditProfilePage from './EditProfilePage';
import ReviewDetailsPage from './ReviewDetailsPage';
import SecurityRecordsPage from './SecurityRecordsPage';
import SetPasswordPage from './SetPasswordPage';
import SetupEnterprisePage from './SetupEnterprisePage';
import SetupUserPage from './SetupUserPage';
import SignUpPage from './SignUpPage';
import SignupSuccessPage from './SignupSuccessPage';

/**
 * The accounts screens as one lazily loaded chunk: the shell gains one dynamic import, and the
 * shared chunks it preloads keep their boundaries (several small page chunks would split them and
 * lengthen every preload list of the shell; the dashboard budget is 180 KB).
 */
const PAGE_BY_PATH: Readonly<Record<string, ComponentType>> = {
  '/sign-up': SignUpPage,
  '/set-password': SetPasswordPage,
  '/u/setup-user': SetupUserPage,
  '/setup-user': SetupUserPage,
  '/u/account-type': AccountTypePage,
  '/setup-enterprise': SetupEnterprisePage,
  '/u/review-details': ReviewDetailsPage,
  '/signup-success': SignupSuccessPage,
  '/u/change-password': ChangePasswordPage,
  '/billing/change-password': ChangePasswordPage,
  '/admin/change-password': ChangePasswordPage,
  '/u/edit-profile': EditProfilePage,
  '/billing/edit-profile': EditProfilePage,
  '/admin/edit-profile': EditProfilePage,
  '/admin/audit-log': SecurityRecordsPage,
};

/**
 * The route element of every page of the Accounts capability (PAGE_ROUTES): the page is chosen by
 * path here, inside the lazy chunk, so the shell carries no second list of these paths.
 */
export default function AccountsScreen() {
  const { pathname } = useLocation();
  const Page = PAGE_BY_PATH[pathname.replace(/(.)\/+$/, '$1')];
  return Page ? <Page /> : null;
}
