import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  type TBot,
  type TWhatsappBotDetails,
  WHATSAPP_CATEGORIES,
  WHATSAPP_LIMITS,
  ZWhatsappBotDetailsRequest,
} from '@portico/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { WhatsappProfilePreview } from '@/lib/rich-message/AgentPreview';
import { PreviewBeside } from '@/lib/rich-message/PreviewBeside';
import { useSaveWhatsappBot } from '../api/save-bot';
import { BotImageField } from './BotImageField';
import { useBotImages } from './use-bot-images';

type Values = z.input<typeof ZWhatsappBotDetailsRequest>;

export const WHATSAPP_LOCKED = 'Locked: the sender is live; Meta keeps its name, number and account.';

export interface WhatsappAction {
  id: string;
  label: string;
  /** Registers the sender on the network (else only the draft is saved). */
  submit: boolean;
  primary?: boolean;
}

/** The WhatsApp sender's details with Meta's rules, the profile photo, and the profile preview beside them. */
export function WhatsappBotForm({
  bot,
  actions,
  onSaved,
}: {
  bot: TBot | null;
  actions: readonly WhatsappAction[];
  onSaved: (bot: TBot, action: WhatsappAction) => void;
}) {
  const save = useSaveWhatsappBot();
  const images = useBotImages(bot);
  const [action, setAction] = useState<WhatsappAction | null>(null);
  const locked = new Set(bot?.locked_fields ?? []);
  const wa = bot?.whatsapp;
  const form = useZodForm(ZWhatsappBotDetailsRequest, {
    display_name: wa?.display_name ?? '',
    phone: wa?.phone ?? '',
    about: wa?.about ?? '',
    category: wa?.category ?? ('' as Values['category']),
    waba_id: wa?.waba_id ?? '',
    submit: false,
  });
  const { control } = form;
  const about = useWatch({ control, name: 'about' }) ?? '';
  const lock = (field: string) =>
    locked.has(`whatsapp.${field}`) ? { disabled: true, helperText: WHATSAPP_LOCKED } : {};
  const submit = form.submitWith((body: TWhatsappBotDetails) => {
    const chosen = action ?? actions[0];
    if (!chosen) return;
    save.mutate(
      { botId: bot?.bot_id ?? null, body: { ...body, submit: chosen.submit } },
      {
        onSuccess: async (saved) => {
          await images.flush(saved.bot_id);
          onSaved(saved, chosen);
        },
        onError: (error) => form.showServerError(error),
      },
    );
  });
  return (
    <PreviewBeside preview={<LivePreview control={control} photoUrl={images.urlOf('photo')} />}>
      <Box component="form" noValidate onSubmit={submit} aria-label="WhatsApp bot details">
        <Stack spacing={2}>
          <FormErrorAlert message={form.formError} />
          <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
            <FormTextField
              control={control}
              name="display_name"
              label="Display name"
              required
              fullWidth
              helperText={`${WHATSAPP_LIMITS.displayNameMin}-${WHATSAPP_LIMITS.displayNameMax} characters, as Meta's display name rules allow: no web address, emoji or all capitals.`}
              {...lock('display_name')}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField
                control={control}
                name="phone"
                label="Phone number"
                placeholder="+919876543210"
                required
                fullWidth
                helperText="With its country code."
                {...lock('phone')}
              />
              <FormTextField
                control={control}
                name="waba_id"
                label="WABA id"
                required
                fullWidth
                helperText="The WhatsApp Business Account id, digits only."
                {...lock('waba_id')}
              />
            </Box>
            <FormTextField
              control={control}
              name="about"
              label="About"
              required
              fullWidth
              multiline
              minRows={2}
              helperText={`${about.trim().length}/${WHATSAPP_LIMITS.aboutMax} characters.`}
            />
            <FormSelectField control={control} name="category" label="Category" required fullWidth>
              {Object.entries(WHATSAPP_CATEGORIES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </FormSelectField>
            <BotImageField
              kind="photo"
              hasImage={images.urlOf('photo') !== null}
              pending={images.pending}
              error={images.errorOf('photo')}
              onPick={(file) => images.pick('photo', file)}
              onProblem={(message) => images.problem('photo', message)}
            />
          </Paper>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {actions.map((item) => (
              <Button
                key={item.id}
                type="submit"
                variant={item.primary ? 'contained' : 'outlined'}
                disabled={save.isPending || images.pending}
                onClick={() => setAction(item)}
              >
                {item.label}
              </Button>
            ))}
          </Box>
        </Stack>
      </Box>
    </PreviewBeside>
  );
}

/** The profile preview: it alone follows every keystroke. */
function LivePreview({
  control,
  photoUrl,
}: {
  control: ReturnType<typeof useZodForm<typeof ZWhatsappBotDetailsRequest>>['control'];
  photoUrl: string | null;
}) {
  const values = useWatch({ control }) as Values;
  return (
    <WhatsappProfilePreview
      values={{
        displayName: values.display_name ?? '',
        about: values.about ?? '',
        category: values.category ?? '',
        phone: values.phone ?? '',
        photoUrl,
      }}
    />
  );
}
