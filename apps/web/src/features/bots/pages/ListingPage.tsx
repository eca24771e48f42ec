import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOT_LISTING_LIMITS, type TBot, ZBotListingRequest } from '@portico/domain';
import { z } from 'zod';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useCan } from '@/lib/use-can';
import { useSaveBotListing, useSetBotListed } from '../api/save-bot';
import { viewBotPath } from '../components/bot-paths';
import { BOT_CRUMBS, useBotId, WithBot } from '../components/WithBot';

const TITLE = 'Bot Listing';

/** The listing form: keywords typed as one comma-separated line, sent as the contract's list. */
const ZListingForm = ZBotListingRequest.extend({
  keywords: z
    .string()
    .transform((line) =>
      line
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    )
    .pipe(ZBotListingRequest.shape.keywords.unwrap()),
});

/** /u/listing?botId=: the bot's store listing (tagline, description, keywords) and whether it is listed. */
export default function ListingPage() {
  const botId = useBotId();
  return (
    <WithBot botId={botId} title={TITLE}>
      {(bot) => <Listing bot={bot} />}
    </WithBot>
  );
}

function Listing({ bot }: { bot: TBot }) {
  const canWrite = useCan('bots.write');
  const save = useSaveBotListing();
  const store = useSetBotListed();
  const form = useZodForm(ZListingForm, {
    tagline: bot.listing?.tagline ?? '',
    description: bot.listing?.description ?? '',
    keywords: bot.listing?.keywords.join(', ') ?? '',
  });
  const submit = form.submitWith((body) =>
    save.mutate({ botId: bot.bot_id, body }, { onError: (error) => form.showServerError(error) }),
  );
  return (
    <PageFrame
      title={`${bot.name}: listing`}
      breadcrumbs={[...BOT_CRUMBS, { label: bot.name, to: viewBotPath(bot) }]}
      description="How the bot is presented in the store, and whether it is listed there."
    >
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Paper variant="outlined" component="section" aria-labelledby="store" sx={{ p: 2 }}>
          <Typography id="store" variant="h2" sx={{ mb: 1 }}>
            Store
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {bot.listed_in_store ? 'The bot is listed in the store.' : 'The bot is not listed in the store.'}
          </Typography>
          {store.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(store.error)}
            </Alert>
          )}
          {canWrite && (
            <Button
              variant={bot.listed_in_store ? 'outlined' : 'contained'}
              disabled={store.isPending || (!bot.listing && !bot.listed_in_store)}
              onClick={() => store.mutate({ botId: bot.bot_id, listed: !bot.listed_in_store })}
            >
              {bot.listed_in_store ? 'Remove from the store' : 'List in the store'}
            </Button>
          )}
          {canWrite && !bot.listing && !bot.listed_in_store && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              Save a listing first.
            </Typography>
          )}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="listing" sx={{ p: 2 }}>
          <Typography id="listing" variant="h2" sx={{ mb: 2 }}>
            Listing
          </Typography>
          <Box component="form" noValidate onSubmit={submit} aria-label="Listing">
            <Stack spacing={2}>
              <FormErrorAlert message={form.formError} />
              {save.isSuccess && <ResultAlert severity="success">The listing is saved.</ResultAlert>}
              <FormTextField
                control={form.control}
                name="tagline"
                label="Tagline"
                required
                fullWidth
                disabled={!canWrite}
                helperText={`Up to ${BOT_LISTING_LIMITS.taglineMax} characters.`}
              />
              <FormTextField
                control={form.control}
                name="description"
                label="Listing description"
                required
                fullWidth
                multiline
                minRows={4}
                disabled={!canWrite}
                helperText={`Up to ${BOT_LISTING_LIMITS.descriptionMax} characters.`}
              />
              <FormTextField
                control={form.control}
                name="keywords"
                label="Keywords"
                fullWidth
                disabled={!canWrite}
                helperText={`Separated by commas; up to ${BOT_LISTING_LIMITS.keywordsMax}.`}
              />
              {canWrite && (
                <Box>
                  <Button type="submit" variant="contained" disabled={save.isPending}>
                    Save listing
                  </Button>
                </Box>
              )}
            </Stack>
          </Box>
        </Paper>
      </Stack>
    </PageFrame>
  );
}
