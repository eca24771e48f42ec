import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { BOT_STATUS, type TBot, ZBotCarriersRequest } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormCarrierPicker } from '@/lib/form/carrier-picker';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { useZodForm } from '@/lib/form/use-zod-form';
import { allCarriersQueryOptions, countriesQueryOptions } from '@/lib/queries/reference-data';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { useSaveBotCarriers } from '../api/save-bot';
import { viewBotPath } from '../components/bot-paths';
import { CreateStepper } from '../components/CreateStepper';
import { BOT_CRUMBS, useBotId, WithBot } from '../components/WithBot';

const TITLE = 'Carrier Selection';

/** /u/create-bot/select-carriers?botId=: step 2 of 2, the carriers (by country) the bot is to launch on. */
export default function SelectCarriersPage() {
  const botId = useBotId();
  return (
    <WithBot botId={botId} title={TITLE}>
      {(bot) => <CarrierStep bot={bot} />}
    </WithBot>
  );
}

function CarrierStep({ bot }: { bot: TBot }) {
  const canWrite = useCan('bots.write');
  const countries = useQuery(countriesQueryOptions);
  const carriers = useQuery(allCarriersQueryOptions);
  const save = useSaveBotCarriers();
  const navigate = useNavigate();
  const form = useZodForm(ZBotCarriersRequest, { carrier_ids: bot.carriers.map((c) => c.carrier_id) });
  const notRegistered = bot.status.code === BOT_STATUS.in_progress;
  const submit = form.submitWith((body) =>
    save.mutate(
      { botId: bot.bot_id, carrierIds: body.carrier_ids },
      { onSuccess: (saved) => navigate(viewBotPath(saved)), onError: (error) => form.showServerError(error) },
    ),
  );
  return (
    <PageFrame
      title={TITLE}
      breadcrumbs={BOT_CRUMBS}
      description={`Choose the carriers ${bot.name} should reach. Each carrier reviews the bot at launch.`}
    >
      <CreateStepper active={1} />
      {!canWrite ? (
        <Alert severity="info">Your role can view bots, not change them.</Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label="Carrier selection"
          sx={{ maxWidth: 880 }}
        >
          <Stack spacing={2}>
            <FormErrorAlert message={form.formError} />
            {notRegistered && (
              <Alert severity="warning">
                The agent is not registered on the network yet.{' '}
                <Link component={RouterLink} to={`/u/create-bot/brand-details?botId=${bot.bot_id}`}>
                  Finish the brand step first
                </Link>
                .
              </Alert>
            )}
            {(countries.isError || carriers.isError) && (
              <Alert severity="error">The carriers could not be loaded. Reload the page to try again.</Alert>
            )}
            <Paper variant="outlined" sx={{ p: 2 }}>
              <FormCarrierPicker
                control={form.control}
                name="carrier_ids"
                legend="Carriers"
                countryLabel="Country"
                initialCountry={bot.carriers[0]?.country_id ?? (bot.rcs?.region === 'India' ? 'IN' : 'US')}
                emptyHint="Choose at least one carrier."
              />
            </Paper>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={save.isPending || notRegistered}>
                Save carriers
              </Button>
              <Link component={RouterLink} to={`/u/create-bot/brand-details?botId=${bot.bot_id}`}>
                Back to the brand
              </Link>
            </Box>
          </Stack>
        </Box>
      )}
    </PageFrame>
  );
}
