import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { TwoFactorPolicySection } from '../components/TwoFactorPolicySection';
import { TwoFactorSection } from '../components/TwoFactorSection';

const HOME = {
  u: { label: 'Developer console', to: '/u/dashboard' },
  billing: { label: 'Carrier console', to: '/billing/my-billing' },
  admin: { label: 'Platform admin', to: '/admin/dashboard' },
} as const;

/** /u/security, /billing/security, /admin/security: the password, two-factor sign-in, and (super admin) who must use it. */
export default function SecurityPage() {
  const { pathname, hash } = useLocation();
  const area = (pathname.split('/')[1] ?? 'u') as keyof typeof HOME;
  const home = HOME[area] ?? HOME.u;
  const canSetPolicy = useCan('two-factor.policy.read');
  // A link to a section (the manage-users tab's to #two-factor-policy) lands on it.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <PageFrame
      title="Sign-in Security"
      breadcrumbs={[home, { label: 'Edit Profile', to: `/${area}/edit-profile` }]}
      description="How you sign in: your password and two-factor sign-in with an authenticator app."
    >
      <Stack spacing={2}>
        <Section id="password" title="Password">
          <Typography sx={{ mb: 2 }}>
            Changing your password signs you out of every browser and device, this one included.
          </Typography>
          <Button component={RouterLink} to={`/${area}/change-password`} variant="outlined">
            Change password
          </Button>
        </Section>
        <Section id="two-factor" title="Two-factor sign-in">
          <TwoFactorSection />
        </Section>
        {canSetPolicy && (
          <Section id="two-factor-policy" title="Require two-factor sign-in">
            <TwoFactorPolicySection />
          </Section>
        )}
      </Stack>
    </PageFrame>
  );
}

/** A titled card of the page: a region named by its heading, reachable by its anchor. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
