import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  CHANNEL_TYPE,
  LAUNCH_QUESTION_FIELDS,
  LAUNCH_QUESTION_LABELS,
  LAUNCH_SCREENSHOTS_MAX,
  LAUNCH_TEXT_MAX,
  LAUNCH_TEXT_MIN,
  type TLaunchDraft,
  type TLaunchQuestionnaire,
  ZLaunchQuestionnaireRequest,
} from '@portico/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { launchSummaryQueryOptions } from '../api/get-launch';
import { useSaveQuestionnaire } from '../api/save-step';
import { LaunchFileField } from './LaunchFiles';
import { fieldAnchor } from './launch-paths';
import { StepActions, useFocusField, useStepProblems } from './StepActions';
import { rememberedValues, useStepMemory } from './step-memory';

const HINTS: Record<keyof TLaunchQuestionnaire, string> = {
  use_case: 'What the bot does for its users, and who they are.',
  opt_in: 'Where and how users agree to hear from the bot.',
  trigger: 'What makes the bot send its first message.',
  interactions: 'The main conversations: what users can ask and what the bot answers.',
  opt_out: 'How users stop the messages (e.g. replying STOP), and what the bot confirms.',
  reviewer_instructions: 'How the carriers’ reviewers can reach and try the bot (test numbers, accounts).',
};

/** The bot's own fields that the pre-flight judges but that are edited on the bot's page. */
const BOT_FIELDS = ['logo', 'banner', 'privacy_url', 'terms_url'] as const;

/** Bot Details & Experience: the launch questionnaire as Google's RBM launch asks for it, with screenshots or a video. */
export function ExperienceStep({
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
  const save = useSaveQuestionnaire();
  const summary = useQuery(launchSummaryQueryOptions(botId));
  const form = useZodForm(
    ZLaunchQuestionnaireRequest,
    rememberedValues<TLaunchQuestionnaire>(client, botId, 'experience') ?? draft.questionnaire,
  );
  const forget = useStepMemory(botId, 'experience', form.watch);
  const values = form.watch();
  const problems = useStepProblems(botId, 'experience');
  useFocusField();
  const botProblems = BOT_FIELDS.filter((field) => problems[field]).map((field) => problems[field]);
  const channels = summary.data?.bot.channels ?? [];
  // The update form of the channel these fields belong to: the RCS agent's (logo, banner, policy
  // links) unless the bot is WhatsApp only.
  const rcs = channels.length === 0 || channels.some((c) => c.channel_type === CHANNEL_TYPE.rcs);
  const botPage = `/u/${rcs ? 'update-rcs-bot' : 'update-whatsapp-bot'}?botId=${botId}`;

  const submit = form.submitWith((body) =>
    save.mutate(
      { botId, body },
      {
        onSuccess: () => {
          forget();
          onSaved();
        },
        onError: (error) => form.showServerError(error),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Bot Details & Experience">
      <Typography sx={{ mb: 2 }}>
        Describe the bot as the carriers’ reviewers need it. Each answer can be saved unfinished; the
        pre-flight check asks for at least {LAUNCH_TEXT_MIN} characters each.
      </Typography>
      <FormErrorAlert message={form.formError} />
      <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
        {LAUNCH_QUESTION_FIELDS.map((field) => {
          const length = (values[field] ?? '').length;
          return (
            <FormTextField
              key={field}
              control={form.control}
              name={field}
              id={fieldAnchor(field)}
              label={LAUNCH_QUESTION_LABELS[field]}
              multiline
              minRows={3}
              fullWidth
              disabled={!canWrite}
              slotProps={{
                htmlInput: { maxLength: LAUNCH_TEXT_MAX },
                formHelperText: {
                  sx: problems[field] && length < LAUNCH_TEXT_MIN ? { color: 'error.dark' } : undefined,
                },
              }}
              helperText={
                problems[field] && length < LAUNCH_TEXT_MIN
                  ? `${problems[field]} ${length}/${LAUNCH_TEXT_MAX}`
                  : `${HINTS[field]} ${length}/${LAUNCH_TEXT_MAX}`
              }
            />
          );
        })}
      </Box>
      <Typography variant="h3" sx={{ mt: 3, mb: 1, fontSize: '1rem' }}>
        Screenshots or a video of the conversation
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <LaunchFileField
          botId={botId}
          kind="screenshot"
          label="Screenshots"
          files={draft.screenshots}
          max={LAUNCH_SCREENSHOTS_MAX}
          disabled={!canWrite}
          anchorId={fieldAnchor('screenshots')}
          problem={problems.screenshots}
        />
        <LaunchFileField
          botId={botId}
          kind="video"
          label="Video"
          files={draft.video ? [draft.video] : []}
          max={1}
          disabled={!canWrite}
          anchorId={fieldAnchor('video')}
        />
      </Box>
      {botProblems.length > 0 && (
        <Alert severity="warning" sx={{ mt: 3 }}>
          {BOT_FIELDS.filter((field) => problems[field]).map((field) => (
            <span key={field} id={fieldAnchor(field)} />
          ))}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {botProblems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </Box>
          The logo, banner and policy links are the bot’s own:{' '}
          <Link component={RouterLink} to={botPage}>
            update them on the bot
          </Link>
          .
        </Alert>
      )}
      {canWrite && <StepActions botId={botId} step="experience" pending={save.isPending} />}
    </Box>
  );
}
