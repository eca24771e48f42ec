import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type TAggregatorBilling } from '@portico/domain';

/** The billing info as facts (term, value): the aggregator's own page and the reviewers' details. */
export function BillingFacts({ billing }: { billing: TAggregatorBilling }) {
  const address = billing.address;
  const facts: [string, string][] = [
    ['Billing contact', `${billing.contact_name} · ${billing.contact_email} · ${billing.contact_phone}`],
    ['Tax id', billing.tax_id],
    ['Billing category', billing.billing_category.name],
    [
      'Billing address',
      [address.line1, address.line2, address.city, address.state, address.postalCode, address.countryId]
        .filter(Boolean)
        .join(', '),
    ],
    [
      'Last changed',
      `${String(formatDateTimeZoned(billing.updated_at))}${billing.updated_by ? ` · ${billing.updated_by}` : ''}`,
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1, m: 0 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
