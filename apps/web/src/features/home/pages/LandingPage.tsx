import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { useBrandName } from '@/lib/config/app-config';

interface Audience {
  id: string;
  title: string;
  icon: ReactNode;
  points: readonly string[];
}

const AUDIENCES: readonly Audience[] = [
  {
    id: 'developers',
    title: 'Developers and aggregators',
    icon: <CodeOutlined />,
    points: [
      'Register RCS and WhatsApp bots, brands and rich templates',
      'Launch to carriers and follow every review step',
      'Run campaigns, top up a wallet and track billing',
    ],
  },
  {
    id: 'carriers',
    title: 'Carriers',
    icon: <CellTowerOutlined />,
    points: [
      'Review the bots, brands and aggregators that ask to reach your subscribers',
      'Approve or reject with a recorded reason',
      'See traffic and revenue on your network',
    ],
  },
  {
    id: 'admins',
    title: 'Platform administrators',
    icon: <AdminPanelSettingsOutlined />,
    points: [
      'Verify businesses before they reach a carrier',
      'Forward approved launches and oversee campaigns',
      'Manage users and follow billing across the platform',
    ],
  },
];

const LAUNCH_STEPS = [
  { title: 'Create a bot', text: 'Name it, describe it and pick RCS, WhatsApp or both.' },
  { title: 'Verify the brand', text: 'Tell carriers which business the bot speaks for.' },
  { title: 'Carrier review', text: 'The platform checks it, then each carrier approves it.' },
  { title: 'Go live', text: 'Send messages and campaigns, paid from your wallet.' },
];

/** A tiny drawing of a rich conversation, so the page shows what the product is about. */
function ConversationPreview({ brand }: { brand: string }) {
  const bubble = {
    px: 1.75,
    py: 1.25,
    borderRadius: 3,
    fontSize: '0.8125rem',
    lineHeight: 1.5,
    maxWidth: '85%',
  } as const;
  return (
    <Paper
      aria-hidden
      elevation={0}
      sx={{
        width: { xs: '100%', sm: 340 },
        mx: 'auto',
        borderRadius: 6,
        p: 2,
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 24px 60px rgba(72, 69, 177, 0.18)',
        bgcolor: 'background.paper',
      }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box
          sx={{
            width: 36,
            height: 36,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 600,
          }}
        >
          A
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 600, fontSize: '0.875rem' }}>Acme Travel</Typography>
          <Typography sx={{ fontSize: '0.6875rem', color: '#2E7D32' }}>
            Verified business · via {brand}
          </Typography>
        </Box>
      </Stack>
      <Stack spacing={1.25} sx={{ pt: 2 }}>
        <Box sx={{ ...bubble, bgcolor: 'custom.lighter', alignSelf: 'flex-start' }}>
          Hi Priya, your flight to Singapore leaves at 09:40. Want to pick a seat?
        </Box>
        <Box
          sx={{
            alignSelf: 'flex-start',
            width: '85%',
            borderRadius: 3,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ height: 72, background: 'linear-gradient(135deg, #5956D6 0%, #C7C6FF 100%)' }} />
          <Box sx={{ p: 1.25 }}>
            <Typography sx={{ fontWeight: 600, fontSize: '0.8125rem' }}>Seat 14A · Window</Typography>
            <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
              Extra legroom, +$18.00
            </Typography>
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {['Choose 14A', 'See other seats'].map((chip) => (
            <Box
              key={chip}
              sx={{
                px: 1.5,
                py: 0.5,
                borderRadius: 5,
                border: 1,
                borderColor: 'primary.main',
                color: 'primary.main',
                fontSize: '0.75rem',
                fontWeight: 500,
              }}
            >
              {chip}
            </Box>
          ))}
        </Stack>
        <Box sx={{ ...bubble, bgcolor: 'primary.main', color: '#fff', alignSelf: 'flex-end' }}>
          Choose 14A
        </Box>
      </Stack>
    </Paper>
  );
}

/** The public home page ('/') for visitors who are not signed in. */
export default function LandingPage() {
  const brand = useBrandName();
  const [starting, setStarting] = useState(false);

  const signIn = () => {
    setStarting(true);
    startSignIn({ force: true }).catch(() => setStarting(false));
  };

  return (
    <Box>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          display: 'grid',
          gap: { xs: 5, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.15fr) minmax(0, 1fr)' },
          alignItems: 'center',
          py: { xs: 2, md: 6 },
        }}
      >
        <Box>
          <Typography variant="overline" sx={{ color: 'primary.main' }}>
            {brand} partner portal
          </Typography>
          <Typography
            id="landing-title"
            variant="h1"
            sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, lineHeight: 1.15, fontWeight: 700, mt: 1, mb: 2 }}
          >
            Business messaging on RCS and WhatsApp, from one console.
          </Typography>
          <Typography
            variant="body1"
            sx={{ color: 'text.secondary', fontSize: '1.0625rem', maxWidth: 560, mb: 4 }}
          >
            {brand} is where businesses, aggregators and mobile carriers meet: build verified bots with rich
            cards and suggested replies, get them approved by each network, and pay only for what you send.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              size="large"
              onClick={signIn}
              disabled={starting}
              endIcon={<ArrowForward />}
            >
              Sign in
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to="/sign-up">
              Create an account
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2.5 }}>
            Want to know where you can launch?{' '}
            <Link component={RouterLink} to="/country-carrier-page">
              See supported countries and carriers
            </Link>
          </Typography>
        </Box>
        <ConversationPreview brand={brand} />
      </Box>

      <Box component="section" aria-labelledby="audiences-title" sx={{ mt: { xs: 6, md: 8 } }}>
        <Typography id="audiences-title" variant="h2" sx={{ mb: 3, textAlign: { md: 'center' } }}>
          One portal, three kinds of partner
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {AUDIENCES.map((audience) => (
            <Paper key={audience.id} variant="outlined" sx={{ p: 3 }}>
              <Box
                aria-hidden
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'custom.lightest',
                  color: 'primary.main',
                  mb: 2,
                }}
              >
                {audience.icon}
              </Box>
              <Typography variant="h3" sx={{ mb: 1.5 }}>
                {audience.title}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {audience.points.map((point) => (
                  <Stack
                    component="li"
                    direction="row"
                    spacing={1}
                    key={point}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <CheckCircleOutlined
                      aria-hidden
                      sx={{ fontSize: 18, color: 'success.main', mt: '3px' }}
                    />
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {point}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            </Paper>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="steps-title" sx={{ mt: { xs: 6, md: 8 } }}>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, md: 4 }, bgcolor: 'custom.lightest', borderColor: 'custom.lighter' }}
        >
          <Typography id="steps-title" variant="h2" sx={{ mb: 3 }}>
            From idea to launch
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            }}
          >
            {LAUNCH_STEPS.map((step, index) => (
              <Box component="li" key={step.title}>
                <Box
                  aria-hidden
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: '#fff',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 600,
                    fontSize: '0.875rem',
                    mb: 1.5,
                  }}
                >
                  {index + 1}
                </Box>
                <Typography variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
                  {step.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {step.text}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
