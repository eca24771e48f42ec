import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCurrency, percentChange, type TAnalyticsReport } from '@portico/domain';

interface Card {
  label: string;
  value: string;
  /** Change against the period before, in percent (null: nothing before; undefined: not compared). */
  change?: number | null;
}

const count = (n: number) => n.toLocaleString('en-US');

function cardsOf(report: TAnalyticsReport): Card[] {
  const t = report.totals;
  const p = report.previous_totals;
  const money = (key: keyof TAnalyticsReport['money']): Card => ({
    label:
      key === 'spend'
        ? 'Spend on messages'
        : key === 'verification_fees'
          ? 'Verification fees'
          : key === 'top_ups'
            ? 'Top-ups'
            : 'Revenue',
    value: formatCurrency(report.money[key]),
    change: percentChange(Number(report.money[key]), Number(report.previous_money[key])),
  });
  const traffic: Card[] = [
    { label: 'Messages sent', value: count(t.sent), change: percentChange(t.sent, p.sent) },
    { label: 'Delivered', value: count(t.delivered), change: percentChange(t.delivered, p.delivered) },
    { label: 'Read', value: count(t.read), change: percentChange(t.read, p.read) },
    { label: 'Failed', value: count(t.failed), change: percentChange(t.failed, p.failed) },
  ];
  if (report.audience === 'developer') {
    return [
      ...traffic,
      money('spend'),
      money('verification_fees'),
      money('top_ups'),
      ...(report.wallet
        ? [
            { label: 'Balance now', value: formatCurrency(report.wallet.balance) },
            { label: 'Held now', value: formatCurrency(report.wallet.held) },
          ]
        : []),
    ];
  }
  if (report.audience === 'carrier') return [...traffic, money('revenue')];
  return [...traffic, money('revenue'), money('spend'), money('verification_fees'), money('top_ups')];
}

/** The view's figures with their change against the period before (up or down, in percent). */
export function SummaryCards({ report }: { report: TAnalyticsReport }) {
  return (
    <Box
      component="dl"
      aria-label="Summary"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {cardsOf(report).map((card) => (
        <Box
          key={card.label}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
        >
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {card.label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0 }}>
            {card.value}
          </Typography>
          {card.change !== undefined && <Change change={card.change} />}
        </Box>
      ))}
    </Box>
  );
}

/** "Up 12.5%" / "Down 3%" against the period before, or "New" when there was nothing before. */
export function Change({ change }: { change: number | null }) {
  if (change === null) {
    return (
      <Typography variant="caption" component="dd" sx={{ m: 0, color: 'text.secondary' }}>
        New this period
      </Typography>
    );
  }
  const up = change > 0;
  const flat = change === 0;
  return (
    <Typography
      variant="caption"
      component="dd"
      sx={{
        m: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        color: flat ? 'text.secondary' : up ? 'success.dark' : 'error.dark',
      }}
    >
      {!flat &&
        (up ? (
          <ArrowUpward sx={{ fontSize: 14 }} aria-hidden />
        ) : (
          <ArrowDownward sx={{ fontSize: 14 }} aria-hidden />
        ))}
      {flat ? 'No change' : `${up ? 'Up' : 'Down'} ${Math.abs(change)}%`} vs previous period
    </Typography>
  );
}
