import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import {
  type StatusLike,
  type StatusPresentation,
  type StatusTone,
  statusPresentation,
} from '@portico/domain';
import { visuallyHidden } from './visually-hidden';

export type { StatusTone } from '@portico/domain';

type StatusChipProps = {
  /** Whose state it is, before the label: "Reliance Jio: Approved". */
  prefix?: string;
  /** Leave out the secondary line (the full wording stays in the tooltip and for screen readers). */
  compact?: boolean;
  'data-testid'?: string;
} & (
  | {
      /** A review state as the API answers it: its short label, wording and tone from the domain's rule. */ status: StatusLike;
    }
  | {
      status?: undefined /** A state presented by one of the domain's rules (a user's, a release's). */;
      presented: StatusPresentation;
    }
  | {
      status?: undefined;
      presented?: undefined;
      label: string;
      tone: StatusTone /** The full wording, when the label is a short form. */;
      detail?: string;
    }
);

/**
 * The one status chip (issue 26, point 5): a short label on one line, the colour in the border and a
 * dot that never shrinks (the text stays dark: axe colour contrast), and the full wording, when
 * longer, in a tooltip and on a secondary line under the chip. Screen readers hear the full wording.
 */
export function StatusChip(props: StatusChipProps) {
  const { prefix, compact = false } = props;
  const { short, long, tone } =
    props.status !== undefined
      ? statusPresentation(props.status)
      : props.presented !== undefined
        ? props.presented
        : { short: props.label, long: props.detail ?? props.label, tone: props.tone };
  const tint = tone === 'grey' ? 'grey.500' : `${tone}.main`;
  const label = prefix ? `${prefix}: ${short}` : short;
  const more = long !== short;
  const chip = (
    <Box
      component="span"
      data-testid={props['data-testid']}
      data-tone={tone}
      // With a longer wording, screen readers read it (below) instead of the short label.
      aria-hidden={more ? true : undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        maxWidth: '100%',
        minHeight: 24,
        px: 1,
        border: 1,
        borderColor: tint,
        borderRadius: 3,
        color: 'text.primary',
        fontSize: '0.8125rem',
        lineHeight: 1.4,
        verticalAlign: 'middle',
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ flex: '0 0 8px', width: 8, height: 8, borderRadius: '50%', bgcolor: tint }}
      />
      <Box
        component="span"
        sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
      >
        {label}
      </Box>
    </Box>
  );
  if (!more) return chip;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexDirection: 'column', maxWidth: '100%', gap: 0.25 }}
    >
      <Tooltip title={long}>{chip}</Tooltip>
      <Box
        component="span"
        sx={
          compact
            ? visuallyHidden
            : { fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1.3, overflowWrap: 'anywhere' }
        }
      >
        {prefix ? `${prefix}: ${long}` : long}
      </Box>
    </Box>
  );
}
