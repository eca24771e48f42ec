import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMicros, MESSAGE_TYPES, parseMoney, type TRatePlan } from '@portico/domain';

const CATEGORY_LABELS: Record<string, string> = {
  CONVERSATIONAL: 'Conversational',
  SINGLE_MESSAGE: 'Single Message',
  BASIC_MESSAGE: 'Basic Message',
  CONVERSATIONAL_LEGACY: 'Conversational (Legacy)',
};

/** Per-message prices: more than 2 decimals are kept (prices are fractions of a cent). */
export function priceLabel(price: string, currency: string): string {
  const micros = parseMoney(price);
  return micros === null ? price : `${currency === 'USD' ? '$' : `${currency} `}${formatMicros(micros)}`;
}

/** A plan's prices per message: billing categories down, message types across. */
export function PriceGrid({ plan, caption }: { plan: TRatePlan; caption: string }) {
  const categories = [...new Set(plan.prices.map((p) => p.billing_category))];
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>Billing category</TableCell>
          {MESSAGE_TYPES.map((type) => (
            <TableCell key={type} align="right">
              {type}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {categories.map((category) => (
          <TableRow key={category}>
            <TableCell component="th" scope="row">
              {CATEGORY_LABELS[category] ?? category}
            </TableCell>
            {MESSAGE_TYPES.map((type) => {
              const line = plan.prices.find(
                (p) => p.billing_category === category && p.message_type === type,
              );
              return (
                <TableCell key={type} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {line ? priceLabel(line.price, plan.currency) : '—'}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
