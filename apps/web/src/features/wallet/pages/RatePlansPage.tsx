import Add from '@mui/icons-material/Add';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import SellOutlined from '@mui/icons-material/SellOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { formatCurrency, formatDateTime, type TRatePlan } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useState } from 'react';
import { allCarriersQueryOptions } from '@/lib/queries/reference-data';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { ratePlansQueryOptions } from '../api/rate-plans';
import { PriceGrid } from '../components/PriceGrid';

// The form (and its form kit) loads when a version is started, not with the list.
const RatePlanDialog = lazy(() =>
  import('../components/RatePlanDialog').then((m) => ({ default: m.RatePlanDialog })),
);

function status(plan: TRatePlan, now: number): { label: string; color: 'success' | 'default' | 'info' } {
  const from = Date.parse(plan.effective_from);
  const to = plan.effective_to ? Date.parse(plan.effective_to) : null;
  if (from > now) return { label: 'Scheduled', color: 'info' };
  if (to !== null && to <= now) return { label: 'Ended', color: 'default' };
  return { label: 'In force', color: 'success' };
}

function PlanRow({
  plan,
  canEdit,
  onNewVersion,
}: {
  plan: TRatePlan;
  canEdit: boolean;
  onNewVersion: () => void;
}) {
  const [open, setOpen] = useState(false);
  const state = status(plan, Date.now());
  return (
    <Fragment>
      <TableRow hover>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={`${open ? 'Hide' : 'Show'} prices of ${plan.carrier_name} version ${plan.rate_plan_id}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontWeight: 500 }}>
          {plan.carrier_name}{' '}
          <Chip label={plan.country_id} size="small" variant="outlined" sx={{ ml: 0.5 }} />
        </TableCell>
        <TableCell>
          {plan.plan_code} · {plan.partner_code}
        </TableCell>
        <TableCell>
          <Chip label={state.label} color={state.color} size="small" />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{String(formatDateTime(plan.effective_from))}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {plan.effective_to ? String(formatDateTime(plan.effective_to)) : '—'}
        </TableCell>
        <TableCell align="right">{formatCurrency(plan.verification_price)}</TableCell>
        <TableCell align="right">
          {canEdit && (
            <Button size="small" onClick={onNewVersion}>
              New version
            </Button>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={8} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ py: 2, overflowX: 'auto' }}>
              <PriceGrid
                plan={plan}
                caption={`Prices of ${plan.carrier_name} version ${plan.rate_plan_id}`}
              />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** /admin/rate-plans: every version of the carriers' rate plans; read-write admins add versions. */
export default function RatePlansPage() {
  const canEdit = useCan('rate-plans.write');
  const paging = usePaging(10);
  const { page, pageSize, setPage } = paging;
  const [dialog, setDialog] = useState<{ from: TRatePlan | null } | null>(null);
  const [carrierId, setCarrierId] = useState<number | undefined>(undefined);
  const start = page * pageSize;
  const plans = useQuery(ratePlansQueryOptions({ start, end: start + pageSize }, carrierId));
  const carriers = useQuery(allCarriersQueryOptions);

  return (
    <PageFrame
      title="Rate Plans"
      breadcrumbs={[{ label: 'Platform admin', to: '/admin/dashboard' }]}
      description="Each carrier's prices by version. A new version starts at its effective date and never changes what was already charged."
      actions={
        canEdit ? (
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ from: null })}>
            New version
          </Button>
        ) : undefined
      }
    >
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Read-only admins can view rate plans but not change them.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <TextField
            select
            size="small"
            label="Carrier"
            value={carrierId ?? ''}
            onChange={(event) => {
              setCarrierId(event.target.value === '' ? undefined : Number(event.target.value));
              setPage(0);
            }}
            helperText={carriers.isError ? 'Carriers could not be loaded' : undefined}
            sx={{ width: { xs: '100%', sm: 320 } }}
          >
            <MenuItem value="">All carriers</MenuItem>
            {(carriers.data?.items ?? []).map((carrier) => (
              <MenuItem key={carrier.carrier_id} value={carrier.carrier_id}>
                {carrier.carrier_name} ({carrier.country_id})
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <ListStatus
          query={plans}
          noun="rate plans"
          empty={
            <EmptyState
              headingLevel="h3"
              icon={<SellOutlined />}
              title="No rate plans"
              message="No carrier has a rate plan yet."
            />
          }
        >
          {(list) => (
            <>
              <TableContainer>
                <Table size="small" aria-label="Rate plan versions" sx={{ minWidth: 860 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox" />
                      <TableCell>Carrier</TableCell>
                      <TableCell>Plan</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Effective from</TableCell>
                      <TableCell>Until</TableCell>
                      <TableCell align="right">Verification</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.items.map((plan) => (
                      <PlanRow
                        key={plan.rate_plan_id}
                        plan={plan}
                        canEdit={canEdit}
                        onNewVersion={() => setDialog({ from: plan })}
                      />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <ListPagination paging={paging} count={list.total} />
            </>
          )}
        </ListStatus>
      </Paper>
      {dialog && (
        <Suspense fallback={null}>
          <RatePlanDialog
            key={dialog.from?.rate_plan_id ?? 'new'}
            open
            from={dialog.from}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
