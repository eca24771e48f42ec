import Typography from '@mui/material/Typography';
import { decisionEffects, type ReviewAudienceScope, type ReviewSubject } from './decision-effects';

/** The line under a review page's decision buttons: what each offered decision does. */
export function DecisionEffects({
  subject,
  scope,
  offered,
}: {
  subject: ReviewSubject;
  scope: ReviewAudienceScope;
  offered: readonly string[];
}) {
  const effects = decisionEffects(subject, scope, offered);
  if (effects.length === 0) return null;
  return (
    <Typography
      variant="body2"
      data-testid="decision-effects"
      sx={{ color: 'text.secondary', flexBasis: '100%' }}
    >
      {effects.join(' ')}
    </Typography>
  );
}
