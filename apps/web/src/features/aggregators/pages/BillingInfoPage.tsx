import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { HistoryPanel } from '@/lib/ui/HistoryPanel';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useCan } from '@/lib/use-can';
import { myBillingQueryOptions, myHistoryQueryOptions } from '../api/aggregators';
import { BillingFacts } from '../components/BillingFacts';
import { BillingInfoForm } from '../components/BillingInfoForm';

const CRUMBS = [
  { label: 'Developer console', to: '/u/dashboard' },
  { label: 'Edit Profile', to: '/u/edit-profile' },
];

/** /u/billing-info: the aggregator's billing info, set up or changed by its main account. */
export default function BillingInfoPage() {
  const mine = useQuery(myBillingQueryOptions);
  const history = useQuery(myHistoryQueryOptions);
  const canWrite = useCan('aggregators.billing.write');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (mine.isPending) return <CenteredStatus label="Loading the billing info…" />;
  if (mine.isError) {
    return (
      <PageFrame title="Billing Info" breadcrumbs={CRUMBS}>
        <Alert severity="error">{errorMessage(mine.error)}</Alert>
      </PageFrame>
    );
  }
  const { billing, name } = mine.data;
  const mayEdit = canWrite && mine.data.can_edit;
  const showForm = mayEdit && (editing || billing === null);
  return (
    <PageFrame
      title="Billing Info"
      breadcrumbs={CRUMBS}
      description={`Who the platform bills for ${name}, under which tax id, address and billing category. The platform's admins and the carriers reviewing your account see it; the history below shows each of their decisions on your account, with its reason.`}
      actions={
        mayEdit && billing !== null && !editing ? (
          <Button
            variant="contained"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Change billing info
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        {saved && <ResultAlert severity="success">The billing info is saved.</ResultAlert>}
        {billing === null && !mayEdit && (
          <Alert severity="info">
            The billing info is not set up yet: your organisation's main account sets it up.
          </Alert>
        )}
        {(showForm || billing) && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            {showForm ? (
              <BillingInfoForm
                billing={billing}
                onSaved={() => {
                  setEditing(false);
                  setSaved(true);
                }}
              />
            ) : billing ? (
              <BillingFacts billing={billing} />
            ) : null}
          </Paper>
        )}
        {showForm && billing !== null && (
          <div>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </div>
        )}
        <HistoryPanel query={history} id="approval-history" />
      </Stack>
    </PageFrame>
  );
}
