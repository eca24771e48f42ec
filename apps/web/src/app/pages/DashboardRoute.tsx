import { DEVELOPER_HOME, isApprovedPartner } from '@portico/domain';
import { lazy } from 'react';
import { usePartnerDetails } from '@/features/partner/api/get-partner-details';
import { editProfileHref } from '../user-paths';

const MyBotsPage = lazy(() => import('@/features/bots/pages/MyBotsPage'));

/** /u/dashboard: the developer's home, fed with the signed-in partner's details. */
export default function DashboardRoute() {
  const { navUser, userInfo } = usePartnerDetails();
  return (
    <MyBotsPage
      firstName={navUser?.firstName ?? null}
      profileCompleted={userInfo?.profileCompleted ?? null}
      completeProfileHref={navUser ? editProfileHref(navUser) : DEVELOPER_HOME}
      approved={navUser ? isApprovedPartner(navUser) : true}
    />
  );
}
