import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type TLaunchDraft } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { formatAmount } from '@/lib/ui/LaunchSummaryView';
import { useApprovalRefusal, useCan } from '@/lib/use-can';
import {
  launchPreflightQueryOptions,
  launchWalletQueryOptions,
  verificationPricingQueryOptions,
} from '../api/get-launch';
import { useHoldVerification, useSubmitLaunch } from '../api/submit-launch';
import { ConfirmDialog } from './ConfirmDialog';
import { fieldAnchor, launchDetailsPath, launchStepPath } from './launch-paths';
import { carriersBackForReview, ResubmissionList } from './ResubmissionList';
import { useFocusField, useStepProblems } from './StepActions';

const newKey = () => `launch-${crypto.randomUUID()}`;

/**
 * Payment: the verification price (the verification pricing call) held from the wallet, captured
 * when the platform approves and released when it rejects; then Submit, once the pre-flight passes.
 */
export function PaymentStep({ draft }: { draft: TLaunchDraft }) {
  const botId = draft.bot_id;
  const navigate = useNavigate();
  const canSubmit = useCan('launches.submit');
  const refusal = useApprovalRefusal('launches.submit');
  const pricing = useQuery(verificationPricingQueryOptions(botId));
  const wallet = useQuery(launchWalletQueryOptions);
  const preflight = useQuery(launchPreflightQueryOptions(botId));
  const hold = useHoldVerification();
  const submit = useSubmitLaunch();
  const problems = useStepProblems(botId, 'payment');
  useFocusField();
  const [confirming, setConfirming] = useState(false);
  const [confirmingResubmission, setConfirmingResubmission] = useState(false);
  const backForReview = carriersBackForReview(draft);
  const sendLaunch = () =>
    submit.mutate(botId, { onSuccess: () => navigate(`${launchDetailsPath(botId)}&submitted=1`) });
  // One key per payment attempt: a retried click after a failure holds the money once.
  const key = useRef(newKey());

  const held = draft.hold?.status === 'held' ? draft.hold : null;
  const ready = Boolean(preflight.data?.ok) && held !== null;
  const allowed = canSubmit && refusal === null;
  const price = pricing.data;

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        The verification price is held from your wallet now, captured when the platform approves the launch
        and released if it rejects it.
      </Typography>
      {refusal && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {backForReview.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="resubmission">
          Submitting again sends {backForReview.map((carrier) => carrier.name).join(', ')} back for review: a
          new review round, {backForReview.length === 1 ? 'its' : 'their'} earlier rejection stays in the
          history. Take a carrier off in Review Carriers to leave it out.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="price-title"
          sx={{ p: 2, minWidth: 0 }}
        >
          <Typography id="price-title" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            Verification price
          </Typography>
          {pricing.isError ? (
            <Alert severity="error">The price could not be loaded: {errorMessage(pricing.error)}</Alert>
          ) : !price ? (
            <Typography role="status">Loading the price…</Typography>
          ) : (
            <>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {price.items.map((line) => (
                  <Box
                    component="li"
                    key={line.carrier_id}
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5 }}
                  >
                    <span>{line.carrier_name}</span>
                    <span>{formatAmount(line.price, price.currency)}</span>
                  </Box>
                ))}
              </Box>
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  borderTop: 1,
                  borderColor: 'divider',
                  pt: 1,
                  mt: 1,
                }}
              >
                <strong>Total</strong>
                <strong data-testid="verification-total">{formatAmount(price.total, price.currency)}</strong>
              </Box>
            </>
          )}
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="wallet-title"
          sx={{ p: 2, minWidth: 0 }}
          id={fieldAnchor('wallet')}
          tabIndex={-1}
        >
          <Typography id="wallet-title" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            Wallet
          </Typography>
          {wallet.isError ? (
            <Alert severity="error">The wallet could not be loaded: {errorMessage(wallet.error)}</Alert>
          ) : !wallet.data ? (
            <Typography role="status">Loading the wallet…</Typography>
          ) : (
            <Typography data-testid="wallet-balance">
              Available {formatAmount(wallet.data.balance, wallet.data.currency)} · held{' '}
              {formatAmount(wallet.data.held, wallet.data.currency)}
            </Typography>
          )}
          {problems.wallet && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {problems.wallet}{' '}
              <Link component={RouterLink} to="/u/my-wallet">
                Top up in My Wallet
              </Link>
            </Alert>
          )}
          {held ? (
            <Alert severity="success" sx={{ mt: 2 }} data-testid="hold">
              {formatAmount(held.amount, held.currency)} held since{' '}
              {String(formatDateTimeZoned(held.created_at))}.
            </Alert>
          ) : (
            <Button
              variant="contained"
              sx={{ mt: 2 }}
              disabled={!allowed || !price || price.items.length === 0 || Boolean(problems.wallet)}
              onClick={() => setConfirming(true)}
            >
              Pay {price ? formatAmount(price.total, price.currency) : ''}
            </Button>
          )}
        </Paper>
      </Box>

      <Box sx={{ mt: 3, display: 'grid', gap: 1 }}>
        {submit.isPending && <LinearProgress aria-label="Submitting" />}
        {submit.isError && <Alert severity="error">{errorMessage(submit.error)}</Alert>}
        {!ready && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} id="submit-hint">
            {!preflight.data?.ok
              ? 'Submit is possible once the pre-flight check finds nothing to fix.'
              : 'Submit is possible once the verification price is held.'}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Button
            component={RouterLink}
            to={launchStepPath('verification', botId)}
            startIcon={<ArrowBackOutlined />}
          >
            Back
          </Button>
          {allowed && (
            <Button
              variant="contained"
              disabled={!ready || submit.isPending}
              aria-describedby={ready ? undefined : 'submit-hint'}
              onClick={() => (backForReview.length > 0 ? setConfirmingResubmission(true) : sendLaunch())}
            >
              Submit for launch
            </Button>
          )}
        </Box>
      </Box>

      {confirmingResubmission && (
        <ConfirmDialog
          title="Submit the launch again?"
          confirmLabel="Submit again"
          pending={submit.isPending}
          error={submit.error}
          onClose={() => {
            submit.reset();
            setConfirmingResubmission(false);
          }}
          onConfirm={sendLaunch}
        >
          <Typography sx={{ mb: 2 }}>
            The platform reviews the launch again, then each carrier below that reviews it decides for its own
            network.
          </Typography>
          <ResubmissionList draft={draft} />
        </ConfirmDialog>
      )}

      {confirming && price && (
        <ConfirmDialog
          title={`Hold ${formatAmount(price.total, price.currency)} from your wallet?`}
          confirmLabel="Pay"
          pending={hold.isPending}
          error={hold.error}
          onClose={() => {
            hold.reset();
            setConfirming(false);
          }}
          onConfirm={() =>
            hold.mutate(
              { botId, idempotencyKey: key.current },
              {
                onSuccess: () => {
                  key.current = newKey();
                  setConfirming(false);
                },
              },
            )
          }
        >
          <Typography>
            The verification of {price.items.map((line) => line.carrier_name).join(', ')} is held from your
            wallet: captured when the platform approves the launch, released if it rejects it.
          </Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}
