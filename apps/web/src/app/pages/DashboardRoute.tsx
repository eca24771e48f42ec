import { DEVELOPER_HOME, isApprovedPartner } from '@portico/domain';
import MyBotsPage from '@/features/bots/pages/MyBotsPage';
import { usePartnerDetails } from '@/features/partner/api/get-partner-details';
import { editProfileHref } from '../user-paths';

/**
 * /u/dashboard: the developer's home, fed with the signed-in partner's details. The route is already
 * lazy, so the page is imported statically: one chunk, no second round trip.
 */
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
