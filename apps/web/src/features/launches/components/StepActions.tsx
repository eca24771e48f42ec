import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { LaunchStepSlug } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { launchPreflightQueryOptions } from '../api/get-launch';
import { fieldAnchor, launchStepPath, previousStep } from './launch-paths';

/** A step's buttons: back to the previous step, and save (then on to the next one). */
export function StepActions({
  botId,
  step,
  pending,
  saveLabel = 'Save and continue',
  disabled = false,
}: {
  botId: string;
  step: LaunchStepSlug;
  pending: boolean;
  saveLabel?: string;
  disabled?: boolean;
}) {
  const back = previousStep(step);
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 3 }}>
      {pending && <LinearProgress aria-label="Saving" />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        {back ? (
          <Button component={RouterLink} to={launchStepPath(back, botId)} startIcon={<ArrowBackOutlined />}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" variant="contained" disabled={pending || disabled}>
          {saveLabel}
        </Button>
      </Box>
    </Box>
  );
}

/** The pre-flight's messages for one step, by field (shown under the fields they are about). */
export function useStepProblems(botId: string, step: LaunchStepSlug): Record<string, string> {
  const preflight = useQuery(launchPreflightQueryOptions(botId));
  const problems: Record<string, string> = {};
  for (const item of preflight.data?.items ?? []) {
    if (item.step === step)
      problems[item.field] = problems[item.field] ? `${problems[item.field]} ${item.message}` : item.message;
  }
  return problems;
}

/** Brings the field a pre-flight link names (?field=) into view and focuses it, once the step is drawn. */
export function useFocusField() {
  const field = useSearchParams()[0].get('field');
  useEffect(() => {
    if (!field) return;
    const element = document.getElementById(fieldAnchor(field));
    if (!element) return;
    element.scrollIntoView?.({ block: 'center' });
    const focusable = element.matches('input, textarea, button, [tabindex]')
      ? element
      : element.querySelector<HTMLElement>('input:not([type=hidden]):not([hidden]), textarea, button');
    focusable?.focus();
  }, [field]);
}
