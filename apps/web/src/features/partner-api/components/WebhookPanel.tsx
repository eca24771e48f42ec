import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime, ZWebhookUpdateRequest } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useCan } from '@/lib/use-can';
import { usePing, useRotateSecret, useUpdateWebhook, webhookQueryOptions } from '../api/webhook';
import { CopyBlock } from './CopyBlock';
import { SecretDialog } from './SecretDialog';
import { ToneChip } from './ToneChip';

const NETWORK_LABELS = { rbm: 'Google RBM', maap: 'GSMA MaaP', whatsapp: 'WhatsApp Cloud API' } as const;
const CHALLENGE_HELP = {
  rbm: 'answer the POST {clientToken, secret} with the secret as plain text (Google RBM)',
  maap: 'answer the POST {event: "webhookVerification", challenge} with the challenge as plain text',
  whatsapp: 'answer the GET with hub.challenge as plain text (Meta)',
} as const;
const SIGNATURE_HELP = {
  rbm: 'X-Goog-Signature: base64 HMAC-SHA512 of the decoded message.data with the secret as client token',
  maap: 'Authorization: Bearer <secret>',
  whatsapp: 'X-Hub-Signature-256: sha256= hex HMAC-SHA256 of the body with the secret as app secret',
} as const;

/** The bot's webhook: URL with verification, signing secret (shown once, rotate) and a test ping. */
export function WebhookPanel({ botId }: { botId: string }) {
  const canWrite = useCan('partner-webhooks.write');
  const settings = useQuery(webhookQueryOptions(botId));
  const rotate = useRotateSecret(botId);
  const ping = usePing(botId);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-labelledby="webhook-title">
      <Typography id="webhook-title" component="h2" variant="h3">
        Webhook
      </Typography>
      {settings.isPending && <Box role="status">Loading the webhook…</Box>}
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Events of this bot (delivery, read, user messages, taps, tester answers) are posted to this URL in
            the bot's own API shape, signed, at least once and in order per user.
          </Typography>
          {settings.data.networks.length === 0 && (
            <Alert severity="info">
              This bot is not registered on a network yet: it has no events to deliver.
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {settings.data.url ? (
              <ToneChip
                tone="success"
                label={`Verified ${settings.data.verified_at ? formatDateTime(settings.data.verified_at, '+00:00') : ''} UTC`}
              />
            ) : (
              <ToneChip tone="grey" label="No webhook set" />
            )}
            {settings.data.networks.map((network) => (
              <Chip key={network} size="small" variant="outlined" label={NETWORK_LABELS[network]} />
            ))}
          </Box>
          {canWrite && settings.data.networks.length > 0 && (
            <UrlForm
              key={settings.data.url ?? ''}
              botId={botId}
              url={settings.data.url ?? ''}
              whatsapp={settings.data.networks.includes('whatsapp')}
              help={settings.data.networks.map((n) => CHALLENGE_HELP[n]).join('; ')}
              onSecret={setSecret}
            />
          )}
          {!canWrite && settings.data.url && (
            <Typography sx={{ wordBreak: 'break-all' }}>{settings.data.url}</Typography>
          )}
          {settings.data.networks.includes('whatsapp') && (
            <>
              <Typography component="h3" variant="h4" sx={{ mt: 1 }}>
                Verify token (WhatsApp)
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Sent as hub.verify_token when the URL is checked, as Meta sends the verify token you chose;
                the signing secret below plays Meta's app secret. The two are separate: your receiver can
                answer the check before it has the secret.
              </Typography>
              {settings.data.verify_token ? (
                <CopyBlock label="Verify token" text={settings.data.verify_token} />
              ) : (
                <Typography variant="body2">
                  None yet: choose one with the URL, or one is made when you save it.
                </Typography>
              )}
            </>
          )}
          <Typography component="h3" variant="h4" sx={{ mt: 1 }}>
            Signing secret
          </Typography>
          <Typography variant="body2">
            {settings.data.secret_hint
              ? `Ends in …${settings.data.secret_hint}; created or rotated ${formatDateTime(settings.data.secret_rotated_at ?? '', '+00:00')} UTC.`
              : 'No secret yet: one is made when you save the URL, or create it now.'}
          </Typography>
          {settings.data.networks.map((network) => (
            <Typography key={network} variant="body2" sx={{ color: 'text.secondary' }}>
              {NETWORK_LABELS[network]}: {SIGNATURE_HELP[network]}
            </Typography>
          ))}
          {canWrite && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                disabled={rotate.isPending}
                onClick={() =>
                  settings.data.secret_hint
                    ? setConfirmRotate(true)
                    : rotate.mutate(undefined, { onSuccess: (r) => setSecret(r.secret) })
                }
              >
                {settings.data.secret_hint ? 'Rotate secret' : 'Create secret'}
              </Button>
              <Button
                variant="outlined"
                disabled={ping.isPending || !settings.data.url}
                onClick={() => ping.mutate()}
              >
                {ping.isPending ? 'Sending…' : 'Send test ping'}
              </Button>
            </Box>
          )}
          {ping.isSuccess && (
            <ResultAlert severity="success">Test ping queued: see its delivery in the log below.</ResultAlert>
          )}
          {ping.isError && <ResultAlert severity="error">{errorMessage(ping.error)}</ResultAlert>}
          {rotate.isError && <ResultAlert severity="error">{errorMessage(rotate.error)}</ResultAlert>}
        </>
      )}
      {confirmRotate && (
        <Dialog open onClose={() => setConfirmRotate(false)} aria-labelledby="rotate-title">
          <DialogTitle id="rotate-title">Rotate the signing secret?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Deliveries are signed with the new secret at once; your receiver must switch to it, or it will
              refuse them.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmRotate(false)}>Cancel</Button>
            <Button
              variant="contained"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: (r) => {
                    setConfirmRotate(false);
                    setSecret(r.secret);
                  },
                })
              }
            >
              Rotate
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {secret && (
        <SecretDialog
          title="Webhook signing secret"
          secret={secret}
          note="Your receiver checks each delivery's signature with it."
          onClose={() => setSecret(null)}
        />
      )}
    </Paper>
  );
}

/** Webhook update: the server sends the challenge to the URL before it saves it. */
function UrlForm({
  botId,
  url,
  whatsapp,
  help,
  onSecret,
}: {
  botId: string;
  url: string;
  whatsapp: boolean;
  help: string;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateWebhook(botId);
  const form = useZodForm(ZWebhookUpdateRequest, { url, verify_token: '' });
  const submit = form.submitWith((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        if (saved.secret) onSecret(saved.secret);
      },
      onError: (error) => form.showServerError(error),
    }),
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Webhook URL"
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' } }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormErrorAlert message={form.formError} />
      </Box>
      <FormTextField
        control={form.control}
        name="url"
        label="Webhook URL"
        size="small"
        placeholder="https://example.com/rbm-events"
        helperText={`To be accepted, ${help}.`}
        slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off' } }}
      />
      {whatsapp && (
        <FormTextField
          control={form.control}
          name="verify_token"
          label="New verify token (WhatsApp, optional)"
          size="small"
          helperText="Leave empty to keep the current one (one is made the first time)."
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          sx={{ gridColumn: { sm: '1' } }}
        />
      )}
      <Button type="submit" variant="contained" disabled={update.isPending} sx={{ alignSelf: 'start' }}>
        {update.isPending ? 'Verifying…' : 'Verify and save'}
      </Button>
    </Box>
  );
}
