import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  type TTwoFactorPolicy,
  TWO_FACTOR_GROUP_LABELS,
  type TwoFactorRequirements,
} from '@portico/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { useLocalSort } from '@/lib/ui/local-sort';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useTwoFactorPolicy } from '../api/two-factor-policy';
import { useUpdateTwoFactorPolicy } from '../api/update-two-factor-policy';

type Group = TTwoFactorPolicy['groups'][number];

const requiredOf = (policy: TTwoFactorPolicy): TwoFactorRequirements => ({
  admin: policy.groups.find((g) => g.group === 'admin')?.required ?? false,
  carrier: policy.groups.find((g) => g.group === 'carrier')?.required ?? false,
});

/** The super admin's setting: which role groups must sign in with two-factor sign-in, and who has it. */
export function TwoFactorPolicySection() {
  const policy = useTwoFactorPolicy(true);
  // Kept above the form, which starts afresh from each saved setting (its key).
  const update = useUpdateTwoFactorPolicy();
  if (policy.isPending) return <CenteredStatus label="Loading the setting…" />;
  if (policy.isError) return <Alert severity="error">{errorMessage(policy.error)}</Alert>;
  return <PolicyForm key={policy.data.updatedAt ?? 'never'} policy={policy.data} update={update} />;
}

function PolicyForm({
  policy,
  update,
}: {
  policy: TTwoFactorPolicy;
  update: ReturnType<typeof useUpdateTwoFactorPolicy>;
}) {
  const saved = requiredOf(policy);
  const [draft, setDraft] = useState<TwoFactorRequirements>(saved);
  const [confirming, setConfirming] = useState(false);
  const changed = draft.admin !== saved.admin || draft.carrier !== saved.carrier;
  /** Users who will be asked to set it up at their next sign-in once the draft is saved. */
  const toEnrol = policy.groups
    .filter((g) => draft[g.group] && !saved[g.group])
    .reduce((sum, g) => sum + (g.users - g.withTwoFactor), 0);

  const save = () => update.mutate(draft, { onError: () => setConfirming(false) });
  const groups = useLocalSort<Group>(
    [
      {
        label: 'Role group',
        render: (g) => TWO_FACTOR_GROUP_LABELS[g.group],
        sortValue: (g) => TWO_FACTOR_GROUP_LABELS[g.group],
      },
      { label: 'Users', align: 'right', render: (g) => g.users, sortValue: (g) => g.users },
      {
        label: 'With two-factor sign-in',
        align: 'right',
        render: (g) => g.withTwoFactor,
        sortValue: (g) => g.withTwoFactor,
      },
      {
        label: 'Required',
        render: (g) => (
          <FormControlLabel
            control={
              <Switch
                checked={draft[g.group]}
                onChange={(event) => setDraft((d) => ({ ...d, [g.group]: event.target.checked }))}
              />
            }
            label={draft[g.group] ? 'Required' : 'Optional'}
          />
        ),
      },
    ],
    policy.groups,
  );

  return (
    <Stack spacing={2}>
      <Typography>
        Users of a required group who have not set up two-factor sign-in are taken through it at their next
        sign-in and cannot skip it. Developer accounts choose for themselves.
      </Typography>
      <ResponsiveTable<Group>
        label="Two-factor sign-in by role group"
        rows={groups.rows}
        rowKey={(g) => g.group}
        columns={groups.columns}
        sort={groups.sort}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {policy.updatedAt
          ? `Last changed ${formatDateTime(policy.updatedAt)}${policy.updatedBy ? ` by ${policy.updatedBy}` : ''}. `
          : 'Never changed: two-factor sign-in is optional for everyone. '}
        <Box component={RouterLink} to="/admin/audit-log" sx={{ color: 'primary.main' }}>
          Every change is in the security records
        </Box>
      </Typography>
      {update.isError && <ResultAlert severity="error">{errorMessage(update.error)}</ResultAlert>}
      {update.isSuccess && !changed && <ResultAlert severity="success">The setting is saved.</ResultAlert>}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={!changed || update.isPending}
          onClick={() => setConfirming(true)}
        >
          Save setting
        </Button>
        <Button disabled={!changed || update.isPending} onClick={() => setDraft(saved)}>
          Undo changes
        </Button>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="policy-confirm-title">
        <DialogTitle id="policy-confirm-title">Save the two-factor sign-in setting?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {(['admin', 'carrier'] as const)
              .map((group) => `${TWO_FACTOR_GROUP_LABELS[group]}: ${draft[group] ? 'required' : 'optional'}.`)
              .join(' ')}{' '}
            {toEnrol > 0
              ? `${toEnrol} user${toEnrol === 1 ? '' : 's'} without it will set it up at their next sign-in.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save setting'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
