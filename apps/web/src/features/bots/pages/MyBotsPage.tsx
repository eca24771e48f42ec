import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DEVELOPER_HOME, isAreaOpen } from '@portico/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ProgressBar } from '@/lib/ui/ProgressBar';
import { useCan } from '@/lib/use-can';
import { editProfileHref } from '@/lib/user-paths';
import { botDashboardQueryOptions, ownBrandsQueryOptions } from '../api/get-bots';
import { BotsList } from '../components/BotsList';

interface NextStep {
  id: string;
  title: string;
  text: string;
  to: string;
  icon: ReactNode;
  needsApproval?: boolean;
  /** Only for users who may create bots (not read-only users). */
  needsWrite?: boolean;
}

const NEXT_STEPS: readonly NextStep[] = [
  {
    id: 'create-bot',
    title: 'Create your first bot',
    text: 'Describe an RCS or WhatsApp bot and choose the carriers it should reach.',
    to: '/u/create-bot/rcs-bot-details',
    icon: <AddCircleOutlined />,
    needsWrite: true,
  },
  {
    id: 'brand',
    title: 'Register your brand',
    text: 'Carriers review the brand behind every bot: add its details once and reuse them.',
    to: '/u/my-brands',
    icon: <LocalOfferOutlined />,
    needsApproval: true,
    needsWrite: true,
  },
  {
    id: 'pricing',
    title: 'Check pricing',
    text: 'See what each carrier charges per message before you launch.',
    to: '/u/my-carriers',
    icon: <ChatOutlined />,
  },
  {
    id: 'assets',
    title: 'Read the developer guides',
    text: 'Downloads, FAQs and videos on building rich conversations.',
    to: '/developer-assets',
    icon: <MenuBookOutlined />,
  },
];

/**
 * The page's first data (the next-step cards' counts), asked for ahead by Screen.preload.
 * @public (read from the page module by lib/feature.ts, not imported by name)
 */
export const prefetch = (client: QueryClient) => client.prefetchQuery(botDashboardQueryOptions);

/** The developer's home (/u/dashboard, "My Bots"), fed with the signed-in partner's details. */
export default function MyBotsPage() {
  const { navUser, userInfo } = usePartnerDetails();
  const firstName = navUser?.firstName ?? null;
  const completeProfileHref = navUser ? editProfileHref(navUser) : DEVELOPER_HOME;
  // False for an aggregator awaiting approval (the approved-partner rule's brands area).
  const approved = navUser ? isAreaOpen(navUser, 'brands') : true;
  const completion = Math.max(0, Math.min(100, userInfo?.profileCompleted ?? 0));
  const canWrite = useCan('bots.write');
  const canReadBrands = useCan('brands.read');
  const canReadTemplates = useCan('templates.read');
  const dashboard = useQuery(botDashboardQueryOptions);
  const brands = useQuery({ ...ownBrandsQueryOptions, enabled: canReadBrands });
  // Real progress: a step is done once what it asks for exists.
  const done: Record<string, boolean> = {
    'create-bot': (dashboard.data?.total ?? 0) > 0,
    brand: (brands.data?.total ?? 0) > 0,
  };
  return (
    <PageFrame
      title="My Bots"
      breadcrumbs={[{ label: 'Developer console' }]}
      description={
        firstName
          ? `Welcome back, ${firstName}. Build, launch and monitor your RCS and WhatsApp bots from here.`
          : 'Build, launch and monitor your RCS and WhatsApp bots from here.'
      }
      actions={
        canWrite || canReadTemplates ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {[
              { to: '/u/create-bot/rcs-bot-details', label: 'Create RCS bot', shown: canWrite, main: true },
              { to: '/u/create-bot/whatsapp-bot-details', label: 'Create WhatsApp bot', shown: canWrite },
              // Templates of every bot (issue 26: within reach from MY BOTS and from each bot's page).
              {
                to: '/u/add-view-template',
                label: 'Templates',
                shown: canReadTemplates,
                icon: <ViewQuiltOutlined />,
              },
            ]
              .filter((action) => action.shown)
              .map((action) => (
                <Button
                  key={action.to}
                  component={RouterLink}
                  to={action.to}
                  variant={action.main ? 'contained' : 'outlined'}
                  startIcon={action.icon ?? <AddOutlined />}
                >
                  {action.label}
                </Button>
              ))}
          </Box>
        ) : undefined
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Paper
            variant="outlined"
            sx={{ p: { xs: 2.5, sm: 3 } }}
            component="section"
            aria-labelledby="next-steps"
          >
            <Typography id="next-steps" variant="h2" sx={{ mb: 0.5 }}>
              What you can do next
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              A few steps take a bot from idea to launch.
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {NEXT_STEPS.map((step) => {
                const readOnly = step.needsWrite === true && !canWrite;
                const locked = (step.needsApproval === true && !approved) || readOnly;
                const finished = done[step.id] === true;
                return (
                  <Box
                    component="li"
                    key={step.id}
                    sx={{
                      display: 'flex',
                      gap: 2,
                      alignItems: 'center',
                      p: 2,
                      borderRadius: 2,
                      border: 1,
                      borderColor: 'divider',
                      bgcolor: locked ? 'background.default' : 'transparent',
                    }}
                  >
                    <Box
                      aria-hidden
                      sx={{
                        flex: '0 0 auto',
                        width: 40,
                        height: 40,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: locked ? 'background.paper' : 'custom.lightest',
                        color: locked ? 'text.secondary' : 'primary.main',
                      }}
                    >
                      {locked ? <LockOutlined /> : finished ? <CheckCircleOutlined /> : step.icon}
                    </Box>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography
                        variant="h3"
                        component="h3"
                        sx={{ fontSize: '0.9375rem', color: locked ? 'text.secondary' : 'text.primary' }}
                      >
                        {step.title}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {readOnly
                          ? 'Your role can view bots and brands, not create them.'
                          : locked
                            ? 'Available once your launch is approved.'
                            : step.text}
                      </Typography>
                    </Box>
                    {!locked && finished && (
                      <Typography
                        variant="body2"
                        sx={{ flex: '0 0 auto', color: 'success.dark', fontWeight: 600 }}
                      >
                        Done
                      </Typography>
                    )}
                    {!locked && !finished && (
                      <Button
                        component={RouterLink}
                        to={step.to}
                        size="small"
                        endIcon={<ArrowForward />}
                        aria-label={step.title}
                        sx={{ flex: '0 0 auto' }}
                      >
                        Start
                      </Button>
                    )}
                  </Box>
                );
              })}
            </Box>
          </Paper>
        </Box>
        <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="profile-progress">
          <Typography id="profile-progress" variant="h2" sx={{ mb: 2 }}>
            Your profile
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Profile completion
            </Typography>
            <Typography variant="h3" component="p" sx={{ color: 'primary.main' }}>
              {completion}%
            </Typography>
          </Box>
          <ProgressBar value={completion} label="Profile completion" />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            {completion < 100
              ? 'Carriers see your company details when they review a launch. A complete profile speeds that up.'
              : 'Your profile is complete. Carriers have everything they need to review your launches.'}
          </Typography>
          {completion < 100 && (
            <Button
              variant="contained"
              component={RouterLink}
              to={completeProfileHref}
              sx={{ mt: 2 }}
              fullWidth
            >
              Complete Profile
            </Button>
          )}
        </Paper>
      </Box>
      <Box component="section" aria-labelledby="your-bots" sx={{ mt: 3 }}>
        <Typography id="your-bots" variant="h2" sx={{ mb: 1.5 }}>
          Your bots
        </Typography>
        <BotsList canWrite={canWrite} createPath={canWrite ? '/u/create-bot/rcs-bot-details' : undefined} />
      </Box>
    </PageFrame>
  );
}
