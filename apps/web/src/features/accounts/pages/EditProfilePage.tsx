import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AccountTab, TPartnerDetails } from '@portico/domain';
import { missingProfileFields, type ProfileCompletionField } from '@portico/domain/rules/profile';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { sharedKeys } from '@/lib/query-keys';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useCan } from '@/lib/use-can';
import type { OrganisationCall } from '../api/account-setup';
import { CompanyDetailsForm } from '../components/CompanyDetailsForm';
import { ProfileForm } from '../components/ProfileForm';
import { SecurityRecordsAction } from '../components/SecurityRecordsAction';

// The user list (a table, its dialogs) loads when its tab is opened, not with the account details.
const ManageUsersTab = lazy(() =>
  import('../components/ManageUsersTab').then((m) => ({ default: m.ManageUsersTab })),
);

const HOME = {
  u: { label: 'Developer console', to: '/u/dashboard' },
  billing: { label: 'Carrier console', to: '/billing/my-billing' },
  admin: { label: 'Platform admin', to: '/admin/dashboard' },
} as const;

const FIELD_LABELS: Record<ProfileCompletionField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  website: 'Website',
  industryTypeId: 'Industry',
  addressLine1: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  countryId: 'Country',
  profileImage: 'Profile image',
};

/**
 * Whose company details and address this user keeps, and through which call (the first the policy
 * allows): the developer partner's own owner, the carrier's billing admin (update carrier profile),
 * the super admin (update admin profile). Everyone else sees them read-only.
 */
function useOrganisationForm(): { title: string; call: OrganisationCall } | null {
  const company = useCan('company-details.update');
  const carrier = useCan('carrier-profile.update');
  const platform = useCan('admin-profile.update');
  if (company) return { title: 'Company details', call: 'update-company-details' };
  if (carrier) return { title: 'Carrier details', call: 'update-carrier-profile' };
  if (platform) return { title: 'Platform details', call: 'update-admin-profile' };
  return null;
}

/** /u/edit-profile, /billing/edit-profile, /admin/edit-profile with the profile_tag tabs. */
export default function EditProfilePage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const area = (pathname.split('/')[1] ?? 'u') as keyof typeof HOME;
  const partner = usePartnerDetails();
  // Who sees the user list (spec section 6); only some of them may change it (the server decides).
  const canSeeUsers = useCan('users.list');
  const canReadRecords = useCan('audit-log.read');
  // An aggregator's billing info lives on its own page (the aggregators feature's /u/billing-info).
  const canReadBilling =
    useCan('aggregators.billing.read') && partner.details?.partners_profile.isAggregator === true;
  const requested = new URLSearchParams(search).get('profile_tag');
  const tab: AccountTab = requested === 'manage-users' && canSeeUsers ? 'manage-users' : 'account-details';

  return (
    <PageFrame
      title="Edit Profile"
      breadcrumbs={[HOME[area] ?? HOME.u]}
      actions={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to={`/${area}/security`} variant="outlined">
            Sign-in security
          </Button>
          {canReadRecords ? (
            <SecurityRecordsAction />
          ) : canReadBilling ? (
            <Button
              component={RouterLink}
              to="/u/billing-info"
              variant="outlined"
              startIcon={<ReceiptLongOutlined />}
            >
              Billing info
            </Button>
          ) : null}
        </Stack>
      }
    >
      {partner.status === 'loading' || partner.status === 'idle' ? (
        <CenteredStatus label="Loading your profile…" />
      ) : partner.status === 'error' ? (
        <MessagePanel tone="error" title="Your profile could not be loaded" message={partner.error} />
      ) : !partner.details ? (
        <MessagePanel
          title="Your account is not set up yet"
          message="Finish the first-time set-up to edit your profile."
        />
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_event, next: AccountTab) =>
              navigate(`${pathname}?profile_tag=${next}`, { replace: true })
            }
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            aria-label="Profile sections"
          >
            <Tab value="account-details" label="Account details" />
            {canSeeUsers && <Tab value="manage-users" label="Manage users" />}
          </Tabs>
          {tab === 'manage-users' ? (
            <Suspense fallback={<CenteredStatus label="Loading users…" />}>
              <ManageUsersTab />
            </Suspense>
          ) : (
            <AccountDetails details={partner.details} />
          )}
        </>
      )}
    </PageFrame>
  );
}

function AccountDetails({ details }: { details: TPartnerDetails }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const profile = details.partners_profile;
  const missing = missingProfileFields({
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: details.company?.name,
    website: details.company?.website,
    industryTypeId: details.company?.industryTypeId,
    addressLine1: details.address?.line1,
    city: details.address?.city,
    postalCode: details.address?.postalCode,
    countryId: details.address?.countryId,
    profileImage: details.profile_image,
  });
  const organisation = useOrganisationForm();
  const canUpdateProfile = useCan('profile.update');

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
              {`${profile.firstName} ${profile.lastName}`.trim() || details.email}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {details.email}
              {details.carrier_name ? ` · ${details.carrier_name}` : ''}
            </Typography>
          </div>
          <Box sx={{ minWidth: 220 }}>
            <Typography variant="body2" id="completion-label">
              Profile {details.profile_completed}% complete
            </Typography>
            <LinearProgress
              variant="determinate"
              value={details.profile_completed}
              aria-labelledby="completion-label"
              sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
            />
          </Box>
        </Stack>
        {missing.length > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            To complete your profile, add: {missing.map((field) => FIELD_LABELS[field]).join(', ')}.
          </Alert>
        )}
      </Paper>
      <ProfileSection id="your-profile" title="Your profile">
        <ProfileForm
          firstName={profile.firstName}
          lastName={profile.lastName}
          image={details.profile_image}
          readOnly={!canUpdateProfile}
        />
      </ProfileSection>
      {organisation ? (
        <ProfileSection id="organisation" title={organisation.title}>
          {saved && (
            <ResultAlert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(false)}>
              {`${organisation.title} saved.`}
            </ResultAlert>
          )}
          <CompanyDetailsForm
            setup={{
              company: details.company ? { ...details.company } : null,
              address: details.address ? { ...details.address } : null,
            }}
            call={organisation.call}
            submitLabel={`Save ${organisation.title.toLowerCase()}`}
            onSaved={() => {
              setSaved(true);
              void queryClient.invalidateQueries({ queryKey: sharedKeys.partnerDetails });
            }}
          />
        </ProfileSection>
      ) : (
        details.company?.name && (
          <ProfileSection id="organisation" title="Organisation">
            <Typography>{details.company.name}</Typography>
            {details.address?.line1 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {[
                  details.address.line1,
                  details.address.city,
                  details.address.postalCode,
                  details.address.countryId,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Typography>
            )}
            {profile.isCarrier && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                Your carrier&apos;s billing admin keeps these details.
              </Typography>
            )}
          </ProfileSection>
        )
      )}
    </Stack>
  );
}

/** A titled card of the Account details tab: a region named by its heading. */
function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
