import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type TLaunchDraft, ZLaunchCompany } from '@portico/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { launchCarriersQueryOptions } from '../api/get-launch';
import { useSaveCompany, useSaveVerifiedCarriers } from '../api/save-step';
import { LaunchFileField } from './LaunchFiles';
import { fieldAnchor } from './launch-paths';
import { StepActions, useFocusField, useStepProblems } from './StepActions';
import { rememberedValues, useStepMemory } from './step-memory';

/** The step's form: update company details and the verified carriers (two calls, one button). */
const ZVerificationForm = ZLaunchCompany.extend({ verified_carrier_ids: z.array(z.number().int()) });
type VerificationValues = z.input<typeof ZVerificationForm>;

const COMPANY_FIELDS = [
  ['company_name', 'Company name', 'organization'],
  ['website', 'Website', 'url'],
  ['contact_name', 'Contact name', 'name'],
  ['contact_email', 'Contact email', 'email'],
  ['contact_phone', 'Contact phone (optional)', 'tel'],
] as const;

/** Business Verification: who the reviewers contact, the LOA (a PDF), and the carriers that already verified the business. */
export function VerificationStep({
  draft,
  canWrite,
  onSaved,
}: {
  draft: TLaunchDraft;
  canWrite: boolean;
  onSaved: () => void;
}) {
  const botId = draft.bot_id;
  const client = useQueryClient();
  const carriers = useQuery(launchCarriersQueryOptions(botId));
  const saveCompany = useSaveCompany();
  const saveVerified = useSaveVerifiedCarriers();
  const form = useZodForm(
    ZVerificationForm,
    rememberedValues<VerificationValues>(client, botId, 'verification') ?? {
      company_name: draft.company?.company_name ?? '',
      website: draft.company?.website ?? '',
      contact_name: draft.company?.contact_name ?? '',
      contact_email: draft.company?.contact_email ?? '',
      contact_phone: draft.company?.contact_phone ?? '',
      verified_carrier_ids: draft.verified_carrier_ids,
    },
  );
  const forget = useStepMemory(botId, 'verification', form.watch);
  const verified = useController({ control: form.control, name: 'verified_carrier_ids' });
  const verifiedIds = (verified.field.value ?? []) as number[];
  const problems = useStepProblems(botId, 'verification');
  useFocusField();
  const chosen = (carriers.data?.items ?? []).filter((c) => draft.carrier_ids.includes(c.carrier_id));

  const saveBoth = useMutation({
    mutationFn: async ({ verified_carrier_ids, ...company }: z.output<typeof ZVerificationForm>) => {
      await saveCompany.mutateAsync({ botId, body: company });
      await saveVerified.mutateAsync({ botId, body: { carrier_ids: verified_carrier_ids } });
    },
  });
  const submit = form.submitWith((body) =>
    saveBoth.mutate(body, {
      onSuccess: () => {
        forget();
        onSaved();
      },
      onError: (error) =>
        form.showServerError(error, (field) => (field === 'carrier_ids' ? 'verified_carrier_ids' : field)),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Business Verification">
      <Typography sx={{ mb: 2 }}>
        The carriers verify the business behind the bot: who to contact, a letter of authorisation signed by
        the business, and the carriers that verified it already.
      </Typography>
      <FormErrorAlert message={form.formError} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 1 }}
        id={fieldAnchor('company')}
      >
        {COMPANY_FIELDS.map(([name, label, autoComplete]) => (
          <FormTextField
            key={name}
            control={form.control}
            name={name}
            id={fieldAnchor(name)}
            label={label}
            autoComplete={autoComplete}
            required={name !== 'contact_phone'}
            disabled={!canWrite}
            fullWidth
          />
        ))}
      </Box>
      <Box sx={{ mt: 3 }}>
        <LaunchFileField
          botId={botId}
          kind="loa"
          label="Letter of authorisation"
          files={draft.loa ? [draft.loa] : []}
          max={1}
          disabled={!canWrite}
          anchorId={fieldAnchor('loa')}
          problem={problems.loa}
        />
      </Box>
      <Box
        component="fieldset"
        id={fieldAnchor('verified_carrier_ids')}
        sx={{ border: 0, m: 0, mt: 3, p: 0, minWidth: 0 }}
      >
        <Typography component="legend" variant="subtitle2">
          Carriers that already verified the business
        </Typography>
        {chosen.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Choose the carriers first (Review Carriers).
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {chosen.map((carrier) => (
              <FormControlLabel
                key={carrier.carrier_id}
                label={`${carrier.name} (${carrier.country_id})`}
                control={
                  <Checkbox
                    checked={verifiedIds.includes(carrier.carrier_id)}
                    disabled={!canWrite}
                    onChange={(event) =>
                      verified.field.onChange(
                        event.target.checked
                          ? [...verifiedIds, carrier.carrier_id]
                          : verifiedIds.filter((id) => id !== carrier.carrier_id),
                      )
                    }
                  />
                }
              />
            ))}
          </Box>
        )}
        {(verified.fieldState.error?.message ?? problems.verified_carrier_ids) && (
          <FormHelperText error>
            {verified.fieldState.error?.message ?? problems.verified_carrier_ids}
          </FormHelperText>
        )}
      </Box>
      {canWrite && <StepActions botId={botId} step="verification" pending={saveBoth.isPending} />}
    </Box>
  );
}
