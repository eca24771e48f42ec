import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import SellOutlined from '@mui/icons-material/SellOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCurrency, formatDate, type TCarrierPricing } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { pricingQueryOptions } from '../api/get-pricing';
import { LowBalanceBanner } from '../components/LowBalanceBanner';
import { PriceGrid } from '../components/PriceGrid';

function CarrierRow({ carrier }: { carrier: TCarrierPricing }) {
  const [open, setOpen] = useState(false);
  const { plan } = carrier;
  const id = `prices-${carrier.carrier_id}`;
  return (
    <Fragment>
      <TableRow hover>
        <TableCell padding="checkbox">
          {plan && (
            <IconButton
              size="small"
              aria-label={`${open ? 'Hide' : 'Show'} ${carrier.carrier_name} prices`}
              aria-expanded={open}
              aria-controls={id}
              onClick={() => setOpen(!open)}
            >
              {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
            </IconButton>
          )}
        </TableCell>
        <TableCell sx={{ fontWeight: 500 }}>{carrier.carrier_name}</TableCell>
        <TableCell>
          <Chip label={carrier.country_id} size="small" variant="outlined" sx={{ mr: 1 }} />
          {carrier.country_name}
        </TableCell>
        <TableCell>{plan ? `${plan.plan_code} · ${plan.partner_code}` : '—'}</TableCell>
        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {plan ? formatCurrency(plan.verification_price) : 'No plan yet'}
        </TableCell>
        <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {plan ? `since ${formatDate(plan.effective_from)}` : ''}
          {plan?.effective_to ? `, until ${formatDate(plan.effective_to)}` : ''}
        </TableCell>
      </TableRow>
      {plan && (
        <TableRow>
          <TableCell colSpan={6} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
            <Collapse in={open} unmountOnExit>
              <Box id={id} sx={{ py: 2, overflowX: 'auto' }}>
                <PriceGrid plan={plan} caption={`${carrier.carrier_name} prices per message`} />
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

/** /u/my-carriers (PRICING): each carrier of the partner's region with its prices. */
export default function PricingPage() {
  // The low-balance banner is for partners with a wallet; admins who may read rate plans get a link to them.
  const hasEwallet = usePartnerDetails().details?.partners_profile.hasEwallet === true;
  const canReadRatePlans = useCan('rate-plans.read');
  const [search, setSearch] = useState('');
  const paging = usePaging(10);
  const { page, pageSize, setPage } = paging;
  const start = page * pageSize;
  const pricing = useQuery(pricingQueryOptions({ start, end: start + pageSize }, search.trim()));

  return (
    <PageFrame
      title="Pricing"
      breadcrumbs={[{ label: 'Developer console', to: '/u/dashboard' }]}
      description="What each carrier charges: bot verification, and each message by billing category and message type. Prices are per message, in the plan's currency."
      actions={
        canReadRatePlans ? (
          <Button component={RouterLink} to="/admin/rate-plans" variant="outlined">
            Rate plans
          </Button>
        ) : undefined
      }
    >
      <LowBalanceBanner enabled={hasEwallet} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          sx={{
            p: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <TextField
            size="small"
            label="Search carriers"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {pricing.data
              ? `${pricing.data.total} carrier${pricing.data.total === 1 ? '' : 's'} · region ${pricing.data.region}`
              : ' '}
          </Typography>
        </Box>
        <ListStatus
          query={pricing}
          noun="prices"
          empty={
            <EmptyState
              headingLevel="h3"
              icon={<SellOutlined />}
              title="No carriers"
              message={
                search ? `No carrier matches “${search}”.` : 'No carrier in your region has prices yet.'
              }
            />
          }
        >
          {(list) => (
            <>
              <TableContainer>
                <Table size="small" aria-label="Carrier prices" sx={{ minWidth: 720 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox" />
                      <TableCell>Carrier</TableCell>
                      <TableCell>Country</TableCell>
                      <TableCell>Plan</TableCell>
                      <TableCell align="right">Verification</TableCell>
                      <TableCell>In force</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.items.map((carrier) => (
                      <CarrierRow key={carrier.carrier_id} carrier={carrier} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <ListPagination paging={paging} count={list.total} />
            </>
          )}
        </ListStatus>
      </Paper>
    </PageFrame>
  );
}
