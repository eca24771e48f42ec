import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  LAUNCH_STEP_SLUGS,
  type LaunchStepSlug,
  launchStepTitle,
  type TLaunchPreflight,
} from '@portico/domain';
import { Link as RouterLink } from 'react-router';
import { launchStepPath } from './launch-paths';

/**
 * The five steps of spec section 3, each a link (the developer may go back and forth: every step is
 * saved on its own); a step with pre-flight problems is marked. Vertical on narrow screens.
 */
export function LaunchStepNav({
  botId,
  active,
  preflight,
}: {
  botId: string;
  active: LaunchStepSlug;
  preflight: TLaunchPreflight | undefined;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const problems = (step: LaunchStepSlug) =>
    preflight?.items.filter((item) => item.step === step).length ?? 0;
  return (
    <nav aria-label="Launch steps">
      <Stepper
        nonLinear
        activeStep={LAUNCH_STEP_SLUGS.indexOf(active)}
        orientation={narrow ? 'vertical' : 'horizontal'}
        sx={{ mb: 3 }}
      >
        {LAUNCH_STEP_SLUGS.map((step) => {
          const count = problems(step);
          return (
            <Step key={step} completed={preflight !== undefined && count === 0 && step !== active}>
              <StepLabel
                optional={
                  count > 0 ? (
                    <Typography variant="caption" sx={{ color: 'error.dark' }}>
                      {count} to fix
                    </Typography>
                  ) : undefined
                }
              >
                <Link
                  component={RouterLink}
                  to={launchStepPath(step, botId)}
                  aria-current={step === active ? 'step' : undefined}
                  underline={step === active ? 'none' : 'hover'}
                  sx={{ color: 'inherit', fontWeight: step === active ? 600 : undefined }}
                >
                  {launchStepTitle(step)}
                </Link>
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </nav>
  );
}
