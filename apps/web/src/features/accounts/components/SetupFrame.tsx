import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The first-time flow's steps, in order, with their pages. */
export const SETUP_STEPS = [
  { label: 'Your details', path: '/u/setup-user' },
  { label: 'Account type', path: '/u/account-type' },
  { label: 'Enterprise', path: '/setup-enterprise' },
  { label: 'Review', path: '/u/review-details' },
] as const;

/** A first-time page: the stepper, the step's title and its form. */
export function SetupFrame({
  step,
  title,
  description,
  children,
}: {
  step: number;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label="Account set-up steps">
        {SETUP_STEPS.map((s) => (
          <Step key={s.path}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="page-title" variant="h1" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {description}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
