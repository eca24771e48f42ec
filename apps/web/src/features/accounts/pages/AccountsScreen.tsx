import type { ComponentType } from 'react';
import AccountTypePage from './AccountTypePage';
import ChangePasswordPage from './ChangePasswordPage';
import EditProfilePage from './EditProfilePage';
import ReviewDetailsPage from './ReviewDetailsPage';
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
const PAGES = {
  SignUp: SignUpPage,
  SetPassword: SetPasswordPage,
  SetupUser: SetupUserPage,
  AccountType: AccountTypePage,
  SetupEnterprise: SetupEnterprisePage,
  ReviewDetails: ReviewDetailsPage,
  SignupSuccess: SignupSuccessPage,
  ChangePassword: ChangePasswordPage,
  EditProfile: EditProfilePage,
} satisfies Record<string, ComponentType>;

export type AccountsPageName = keyof typeof PAGES;

/** The route element of every accounts page: `<AccountsScreen page="SignUp" />`. */
export default function AccountsScreen({ page }: { page: AccountsPageName }) {
  const Page = PAGES[page];
  return <Page />;
}
