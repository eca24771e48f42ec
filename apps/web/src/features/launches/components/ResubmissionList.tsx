import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TLaunchDraft, TLaunchDraftCarrier, TLaunchOnSubmit } from '@portico/domain';

/** The carriers a resubmission sends back for review (they rejected the launch); none on a first submission. */
export function carriersBackForReview(draft: TLaunchDraft): TLaunchDraftCarrier[] {
  return draft.carriers.filter((carrier) => carrier.on_submit === 'resubmit');
}

const GROUPS: { onSubmit: TLaunchOnSubmit; title: string }[] = [
  { onSubmit: 'resubmit', title: 'Back for review' },
  { onSubmit: 'submit', title: 'Submitted for review' },
  { onSubmit: 'keep', title: 'Left as they are' },
];

/**
 * What submitting the launch again does to each carrier: those that rejected it go back for review
 * (with the reason they gave), those chosen or whose launch failed are submitted, and those under
 * review, approved, launching or launched are left as they are.
 */
export function ResubmissionList({ draft }: { draft: TLaunchDraft }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {GROUPS.map(({ onSubmit, title }) => {
        const carriers = draft.carriers.filter((carrier) => carrier.on_submit === onSubmit);
        if (carriers.length === 0) return null;
        const headingId = `resubmission-${onSubmit}`;
        return (
          <Box key={onSubmit} component="section" aria-labelledby={headingId}>
            <Typography id={headingId} variant="subtitle2" component="h3">
              {title}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {carriers.map((carrier) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={carrier.carrier_id}
                  sx={{ py: 0.25, overflowWrap: 'anywhere' }}
                >
                  <strong>{carrier.name}</strong>
                  {onSubmit === 'resubmit' ? (
                    <>
                      {' '}
                      rejected the launch
                      {carrier.reason ? (
                        <Typography component="span" variant="inherit" sx={{ color: 'text.secondary' }}>
                          : “{carrier.reason}”
                        </Typography>
                      ) : (
                        '.'
                      )}
                    </>
                  ) : onSubmit === 'keep' ? (
                    <Typography component="span" variant="inherit" sx={{ color: 'text.secondary' }}>
                      {' '}
                      ({carrier.status.label.toLowerCase()})
                    </Typography>
                  ) : null}
                </Typography>
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
