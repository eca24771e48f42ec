import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

/** The bot creation stepper of spec section 3: two steps. */
export const CREATE_STEPS = ['RCS Bot Details', 'Carrier Selection'] as const;

/** Where the developer is in the two steps, and on which part of the first (details, then brand). */
export function CreateStepper({ active, part }: { active: 0 | 1; part?: string }) {
  return (
    <nav aria-label="Bot creation steps">
      <Stepper activeStep={active} sx={{ mb: part ? 1 : 3, maxWidth: 560 }}>
        {CREATE_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {part && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {part}
        </Typography>
      )}
    </nav>
  );
}
