import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  MAX_ACTIVE_CREDENTIALS_PER_BOT,
  PARTNER_CREDENTIAL_KIND_LABELS,
  PARTNER_CREDENTIAL_LABELS,
  PARTNER_CREDENTIAL_STATES,
  type PartnerCredentialState,
  type TIssuedPartnerCredential,
  type TPartnerCredential,
  type TServiceAccountKeyFile,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import {
  credentialsQueryOptions,
  useCreateCredential,
  useCreateServiceAccountKey,
  useRevokeCredential,
  useRotateCredential,
} from '../api/credentials';
import { KeyFileDialog } from './KeyFileDialog';
import { SecretDialog } from './SecretDialog';
import { ToneChip } from './ToneChip';

const when = (iso: string | null, never = '—') => (iso ? `${formatDateTime(iso, '+00:00')} UTC` : never);

type Confirm = { kind: 'rotate' | 'revoke'; credential: TPartnerCredential };

/** The bot's API credentials: list (state filter), create, rotate and revoke with confirmation. */
export function CredentialsPanel({ botId }: { botId: string }) {
  const canWrite = useCan('partner-credentials.write');
  const list = useQuery(credentialsQueryOptions(botId));
  const create = useCreateCredential(botId);
  const createKey = useCreateServiceAccountKey(botId);
  const [keyFile, setKeyFile] = useState<TServiceAccountKeyFile | null>(null);
  const speaksGoogle = (list.data?.endpoints ?? []).some((e) => e.api_type === 'google');
  const rotate = useRotateCredential(botId);
  const revoke = useRevokeCredential(botId);
  const [state, setState] = useState<PartnerCredentialState | ''>('');
  const [issued, setIssued] = useState<TIssuedPartnerCredential | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const items = (list.data?.items ?? []).filter((c) => !state || c.state === state);
  const sorted = useLocalSort(columns(canWrite, setConfirm), items);
  const active = (list.data?.items ?? []).filter((c) => c.state === 'active').length;
  const failed = create.error ?? createKey.error ?? rotate.error ?? revoke.error;

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-labelledby="credentials-title">
      <Typography id="credentials-title" component="h2" variant="h3">
        Credentials
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Each credential is a client id and secret for the token endpoint. The secret is shown once, when it is
        made; we keep only a hash. Up to {MAX_ACTIVE_CREDENTIALS_PER_BOT} can be active: to change secrets
        without downtime, create a second one, switch your server to it, then revoke the first.
      </Typography>
      {speaksGoogle && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Using Google's client libraries? Download a service-account key instead: a key file in Google's
          shape whose token endpoint is ours, used as you would use Google's.
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextInput
          select
          size="small"
          label="State"
          value={state}
          onChange={(event) => setState(event.target.value as PartnerCredentialState | '')}
          sx={{ minWidth: 160 }}
        >
          <option value="">All</option>
          {PARTNER_CREDENTIAL_STATES.map((s) => (
            <option key={s} value={s}>
              {PARTNER_CREDENTIAL_LABELS[s]}
            </option>
          ))}
        </TextInput>
        {canWrite && (
          <Button
            variant="contained"
            disabled={create.isPending || active >= MAX_ACTIVE_CREDENTIALS_PER_BOT || !list.data}
            onClick={() => create.mutate(undefined, { onSuccess: setIssued })}
          >
            {create.isPending ? 'Creating…' : 'Create credential'}
          </Button>
        )}
        {canWrite && speaksGoogle && (
          <Button
            variant="outlined"
            disabled={createKey.isPending || active >= MAX_ACTIVE_CREDENTIALS_PER_BOT}
            onClick={() => createKey.mutate(undefined, { onSuccess: (r) => setKeyFile(r.key_file) })}
          >
            {createKey.isPending ? 'Creating…' : 'Download service-account key'}
          </Button>
        )}
      </Box>
      {failed && <Alert severity="error">{errorMessage(failed)}</Alert>}
      {list.isPending && <Box role="status">Loading the credentials…</Box>}
      {list.isError && (
        <Alert severity="error">The credentials could not be listed: {errorMessage(list.error)}</Alert>
      )}
      {list.data && items.length === 0 && (
        <EmptyState
          title={
            state ? `No ${PARTNER_CREDENTIAL_LABELS[state].toLowerCase()} credentials` : 'No credentials yet'
          }
          message={
            canWrite
              ? 'Create a credential to let your server call this bot.'
              : 'A developer with write access can create one.'
          }
        />
      )}
      {items.length > 0 && (
        <ResponsiveTable
          label="Credentials"
          columns={sorted.columns}
          rows={sorted.rows}
          sort={sorted.sort}
          rowKey={(c) => c.credential_id}
        />
      )}
      {confirm && (
        <Dialog open onClose={() => setConfirm(null)} aria-labelledby="credential-confirm-title">
          <DialogTitle id="credential-confirm-title">
            {confirm.kind === 'revoke'
              ? 'Revoke the credential?'
              : confirm.credential.kind === 'service_account'
                ? 'Rotate the key?'
                : 'Rotate the secret?'}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {confirm.kind === 'rotate' && confirm.credential.kind === 'service_account'
                ? `The current key file of ${confirm.credential.client_id} and every token signed or issued with it stop working at once. A new key file is downloaded next.`
                : confirm.kind === 'rotate'
                  ? `The current secret of ${confirm.credential.client_id} and every access token issued with it stop working at once. Your server needs the new secret, shown next.`
                  : `${confirm.credential.client_id} stops working at once: no new tokens, and its access tokens are refused. This cannot be undone.`}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirm(null)}>Cancel</Button>
            <Button
              variant="contained"
              color={confirm.kind === 'revoke' ? 'error' : 'primary'}
              disabled={rotate.isPending || revoke.isPending}
              onClick={() => {
                const id = confirm.credential.credential_id;
                if (confirm.kind === 'rotate')
                  rotate.mutate(id, {
                    onSuccess: (r) => {
                      setConfirm(null);
                      if ('key_file' in r) setKeyFile(r.key_file);
                      else setIssued(r);
                    },
                  });
                else revoke.mutate(id, { onSuccess: () => setConfirm(null) });
              }}
            >
              {confirm.kind === 'rotate' ? 'Rotate' : 'Revoke'}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {keyFile && <KeyFileDialog keyFile={keyFile} onClose={() => setKeyFile(null)} />}
      {issued && (
        <SecretDialog
          title="Client secret"
          secret={issued.client_secret}
          note={`It belongs to client id ${issued.credential.client_id}; use both at the token endpoint.`}
          onClose={() => setIssued(null)}
        />
      )}
    </Paper>
  );
}

/** The credentials' columns; a writer rotates or revokes an active one from its row. */
function columns(canWrite: boolean, ask: (confirm: Confirm) => void): LocalSortColumn<TPartnerCredential>[] {
  return [
    {
      label: 'Client id',
      sortValue: (c) => c.client_id,
      render: (c) => <code>{c.client_id}</code>,
      cellSx: { wordBreak: 'break-all', minWidth: 160 },
    },
    {
      label: 'Type',
      sortValue: (c) => PARTNER_CREDENTIAL_KIND_LABELS[c.kind],
      render: (c) => PARTNER_CREDENTIAL_KIND_LABELS[c.kind],
    },
    {
      label: 'State',
      sortValue: (c) => PARTNER_CREDENTIAL_LABELS[c.state],
      render: (c) => (
        <ToneChip
          tone={c.state === 'active' ? 'success' : 'grey'}
          label={PARTNER_CREDENTIAL_LABELS[c.state]}
        />
      ),
    },
    {
      label: 'Secret',
      render: (c) => (
        <>
          {c.kind === 'service_account' ? 'key ' : ''}…{c.secret_hint}
          {c.rotated_at && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              rotated {when(c.rotated_at)}
            </Typography>
          )}
        </>
      ),
    },
    { label: 'Created', sortValue: (c) => c.created_at, render: (c) => when(c.created_at) },
    {
      label: 'Last used',
      sortValue: (c) => c.last_used_at,
      render: (c) =>
        c.state === 'revoked' ? `Revoked ${when(c.revoked_at)}` : when(c.last_used_at, 'Never'),
    },
    ...(canWrite
      ? [
          {
            label: 'Actions',
            hideLabel: true,
            align: 'right' as const,
            render: (c: TPartnerCredential) =>
              c.state === 'active' && (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  <Button size="small" onClick={() => ask({ kind: 'rotate', credential: c })}>
                    Rotate
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    // error.main is a shape colour: as small text it misses WCAG AA contrast on white.
                    sx={{ color: 'error.dark' }}
                    onClick={() => ask({ kind: 'revoke', credential: c })}
                  >
                    Revoke
                  </Button>
                </Box>
              ),
          },
        ]
      : []),
  ];
}
