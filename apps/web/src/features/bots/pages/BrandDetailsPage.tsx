import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOT_STATUS, type TBot, type TBotBrandRequest } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { PageFrame } from '@/lib/ui/PageFrame';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { ownBrandsQueryOptions } from '../api/get-bots';
import { useSaveBotBrand, useSaveRcsBot } from '../api/save-bot';
import { CreateStepper } from '../components/CreateStepper';
import { NewBrandForm } from '../components/NewBrandForm';
import { BOT_CRUMBS, useBotId, WithBot } from '../components/WithBot';

const TITLE = 'Brand Details';

/** /u/create-bot/brand-details?botId=: the bot's brand (one of the partner's, or a new one), then the agent is registered on the network. */
export default function BrandDetailsPage() {
  const botId = useBotId();
  return (
    <WithBot botId={botId} title={TITLE}>
      {(bot) => <BrandStep bot={bot} />}
    </WithBot>
  );
}

function BrandStep({ bot }: { bot: TBot }) {
  const canWrite = useCan('bots.write');
  const brands = useQuery(ownBrandsQueryOptions);
  const saveBrand = useSaveBotBrand();
  const saveRcs = useSaveRcsBot();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [brandId, setBrandId] = useState(bot.brand?.brand_id ?? '');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const pending = saveBrand.isPending || saveRcs.isPending;
  const registered = bot.status.code !== BOT_STATUS.in_progress;

  /** Saves the brand, then (once) registers the agent on the network with the saved details. */
  async function run(body: TBotBrandRequest, showError?: (error: unknown) => void) {
    setFailure(null);
    try {
      const withBrand = await saveBrand.mutateAsync({ botId: bot.bot_id, body });
      if (withBrand.status.code === BOT_STATUS.in_progress && withBrand.rcs) {
        await saveRcs.mutateAsync({
          botId: bot.bot_id,
          body: {
            ...withBrand.rcs,
            chatbot_platform_id: withBrand.chatbot_platform?.id ?? null,
            submit: true,
          },
        });
      }
      navigate(`/u/create-bot/select-carriers?botId=${bot.bot_id}`);
    } catch (error) {
      setFailure(error);
      showError?.(error);
    }
  }

  const items = brands.data?.items ?? [];
  return (
    <PageFrame
      title={TITLE}
      breadcrumbs={BOT_CRUMBS}
      description={`The brand ${bot.name} speaks for. Carriers review the brand behind every bot.`}
    >
      <CreateStepper
        active={0}
        part="Part 2 of the details: the brand. Continuing registers the agent on the network."
      />
      {!canWrite ? (
        <Alert severity="info">Your role can view bots, not change them.</Alert>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 880 }}>
          {failure !== null && (
            <Alert severity="error">
              {errorMessage(failure)} Your draft is kept: correct what is wrong and try again.
            </Alert>
          )}
          {failure === null && bot.network_error && (
            <Alert severity="warning">
              The network refused the last attempt: {bot.network_error} Your draft is kept: try again.
            </Alert>
          )}
          {registered && (
            <Alert severity="success">
              The agent is registered on the network{bot.brand ? ` under ${bot.brand.name}` : ''}.
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <RadioGroup
              aria-label="Brand"
              row
              value={mode}
              onChange={(event) => setMode(event.target.value as 'existing' | 'new')}
            >
              <FormControlLabel value="existing" control={<Radio />} label="Use one of your brands" />
              <FormControlLabel value="new" control={<Radio />} label="Create a new brand" />
            </RadioGroup>
          </Paper>
          {mode === 'existing' ? (
            <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
              {brands.isError && <Alert severity="error">{errorMessage(brands.error)}</Alert>}
              {brands.isSuccess && items.length === 0 && (
                <Typography variant="body2">
                  You have no brand yet: create one with “Create a new brand”.
                </Typography>
              )}
              <TextInput
                select
                label="Your brand"
                value={brandId}
                onChange={(event) => {
                  setBrandId(event.target.value);
                  setMissing(false);
                }}
                error={missing}
                helperText={missing ? 'Choose a brand, or create a new one.' : undefined}
                sx={{ maxWidth: 480 }}
              >
                {items.map((brand) => (
                  <option key={brand.brand_id} value={brand.brand_id}>
                    {brand.name} · {brand.status.label}
                  </option>
                ))}
              </TextInput>
              <Box>
                <Button
                  variant="contained"
                  disabled={pending}
                  onClick={() => {
                    if (!brandId) setMissing(true);
                    else void run({ brand_id: brandId });
                  }}
                >
                  {registered ? 'Save brand and continue' : 'Register the bot and continue'}
                </Button>
              </Box>
            </Paper>
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <NewBrandForm
                pending={pending}
                submitLabel={
                  registered ? 'Create brand and continue' : 'Create brand, register the bot and continue'
                }
                onSubmit={(brand, showError) => void run({ brand }, showError)}
              />
            </Paper>
          )}
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Link component={RouterLink} to={`/u/create-bot/rcs-bot-details?botId=${bot.bot_id}`}>
              Back to the agent's details
            </Link>
            {failure === null && bot.network_error && (
              <Alert severity="warning">
                The network refused the last attempt: {bot.network_error} Your draft is kept: try again.
              </Alert>
            )}
            {registered && (
              <Link component={RouterLink} to={`/u/create-bot/select-carriers?botId=${bot.bot_id}`}>
                Go to carrier selection
              </Link>
            )}
          </Box>
        </Stack>
      )}
    </PageFrame>
  );
}
