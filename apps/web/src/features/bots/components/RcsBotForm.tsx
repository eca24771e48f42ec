import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BOT_API_TYPES,
  BOT_MESSAGE_CATEGORIES,
  BOT_REGIONS,
  RBM_AGENT_LIMITS,
  type TBot,
  type TRcsBotDetails,
  ZRcsBotDetailsRequest,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type ArrayPath, useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { RcsAgentPreview } from '@/lib/rich-message/AgentPreview';
import { PreviewBeside } from '@/lib/rich-message/PreviewBeside';
import {
  billingCategoriesQueryOptions,
  chatbotPlatformsQueryOptions,
  hostingRegionsQueryOptions,
} from '../api/get-bots';
import { useSaveRcsBot } from '../api/save-bot';
import { BotImageField } from './BotImageField';
import { useBotImages } from './use-bot-images';

export const LIVE_LOCKED = 'Locked: the network does not let a live agent change this.';

export type SaveIntent = 'draft' | 'continue';

type Values = z.input<typeof ZRcsBotDetailsRequest>;

function defaults(bot: TBot | null): Values {
  const rcs = bot?.rcs;
  return {
    display_name: rcs?.display_name ?? '',
    description: rcs?.description ?? '',
    brand_color: rcs?.brand_color ?? '#5956D6',
    phones: rcs?.phones ?? [{ number: '', label: '' }],
    emails: rcs?.emails ?? [],
    websites: rcs?.websites ?? [],
    privacy_policy_url: rcs?.privacy_policy_url ?? '',
    terms_url: rcs?.terms_url ?? '',
    message_category: rcs?.message_category ?? ('' as Values['message_category']),
    region: rcs?.region ?? ('' as Values['region']),
    billing_category: rcs?.billing_category ?? '',
    api_type: rcs?.api_type ?? 'GOOGLE',
    hosting_region: rcs?.hosting_region ?? '',
    chatbot_platform_id: bot?.chatbot_platform?.id ?? null,
    submit: false,
  };
}

/**
 * The "RCS Bot Details" form: the RBM agent's fields with Google's limits, checked while typing by
 * the domain contract, the images, and the handset preview beside it that follows every keystroke.
 */
export function RcsBotForm({
  bot,
  onSaved,
  actions,
}: {
  bot: TBot | null;
  onSaved: (bot: TBot, intent: SaveIntent) => void;
  /** The buttons: each says which intent it saves with. */
  actions: readonly { intent: SaveIntent; label: string; primary?: boolean }[];
}) {
  const billing = useQuery(billingCategoriesQueryOptions);
  const regions = useQuery(hostingRegionsQueryOptions);
  const platforms = useQuery(chatbotPlatformsQueryOptions);
  const save = useSaveRcsBot();
  const images = useBotImages(bot);
  const [intent, setIntent] = useState<SaveIntent>('draft');
  const locked = new Set(bot?.locked_fields ?? []);
  const form = useZodForm(ZRcsBotDetailsRequest, defaults(bot));
  const { control } = form;
  const description = useWatch({ control, name: 'description' }) ?? '';
  const brandColor = useWatch({ control, name: 'brand_color' }) ?? '';
  const lock = (field: string) => (locked.has(field) ? { disabled: true, helperText: LIVE_LOCKED } : {});

  const submit = form.submitWith((body: TRcsBotDetails) =>
    save.mutate(
      { botId: bot?.bot_id ?? null, body: { ...body, submit: false } },
      {
        onSuccess: async (saved) => {
          const imagesOk = await images.flush(saved.bot_id);
          if (imagesOk || intent === 'draft') onSaved(saved, imagesOk ? intent : 'draft');
        },
        onError: (error) => form.showServerError(error),
      },
    ),
  );

  return (
    <PreviewBeside
      preview={
        <LivePreview control={control} logoUrl={images.urlOf('logo')} bannerUrl={images.urlOf('banner')} />
      }
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="RCS bot details">
        <Stack spacing={2}>
          <FormErrorAlert message={form.formError} />
          {(billing.isError || regions.isError || platforms.isError) && (
            <Alert severity="error">
              The reference lists could not be loaded. Reload the page to try again.
            </Alert>
          )}
          <Section title="Agent">
            <FormTextField
              control={control}
              name="display_name"
              label="Display name"
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: RBM_AGENT_LIMITS.displayNameMax + 10 } }}
              helperText={`Up to ${RBM_AGENT_LIMITS.displayNameMax} characters; shown as the sender.`}
              {...lock('display_name')}
            />
            <FormTextField
              control={control}
              name="description"
              label="Description"
              required
              fullWidth
              multiline
              minRows={2}
              helperText={`${description.trim().length}/${RBM_AGENT_LIMITS.descriptionMax} characters; no HTML, JSON or templates.`}
              {...lock('description')}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormTextField
                control={control}
                name="brand_color"
                label="Brand colour"
                required
                placeholder="#5956D6"
                helperText="A colour with at least 4.5:1 contrast on white."
                sx={{ flex: 1 }}
                {...lock('brand_color')}
              />
              <Box
                component="input"
                type="color"
                aria-label="Pick the brand colour"
                disabled={locked.has('brand_color')}
                value={/^#[0-9a-f]{6}$/i.test(brandColor) ? brandColor : '#5956D6'}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                  form.setValue('brand_color', event.target.value.toUpperCase(), { shouldValidate: true })
                }
                sx={{
                  width: 48,
                  height: 40,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  mt: 0.5,
                }}
              />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <BotImageField
                kind="logo"
                hasImage={images.urlOf('logo') !== null}
                disabled={locked.has('logo')}
                lockedText={locked.has('logo') ? LIVE_LOCKED : undefined}
                pending={images.pending}
                error={images.errorOf('logo')}
                onPick={(file) => images.pick('logo', file)}
                onProblem={(message) => images.problem('logo', message)}
              />
              <BotImageField
                kind="banner"
                hasImage={images.urlOf('banner') !== null}
                disabled={locked.has('banner')}
                lockedText={locked.has('banner') ? LIVE_LOCKED : undefined}
                pending={images.pending}
                error={images.errorOf('banner')}
                onPick={(file) => images.pick('banner', file)}
                onProblem={(message) => images.problem('banner', message)}
              />
            </Box>
          </Section>
          <Section title="Contact information">
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              At least one phone, email or website, each with a label; up to {RBM_AGENT_LIMITS.contactsMax} of
              each.
            </Typography>
            <ContactList
              form={form}
              name="phones"
              noun="phone"
              valueField="number"
              valueLabel="Phone number"
              disabled={locked.has('phones')}
            />
            <ContactList
              form={form}
              name="emails"
              noun="email"
              valueField="address"
              valueLabel="Email address"
              disabled={locked.has('emails')}
            />
            <ContactList
              form={form}
              name="websites"
              noun="website"
              valueField="url"
              valueLabel="Website URL"
              disabled={locked.has('websites')}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField
                control={control}
                name="privacy_policy_url"
                label="Privacy policy URL"
                required
                fullWidth
                {...lock('privacy_policy_url')}
              />
              <FormTextField
                control={control}
                name="terms_url"
                label="Terms of service URL"
                required
                fullWidth
                {...lock('terms_url')}
              />
            </Box>
          </Section>
          <Section title="Messaging and hosting">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormSelectField
                control={control}
                name="message_category"
                label="Message category"
                required
                fullWidth
                {...lock('message_category')}
              >
                {BOT_MESSAGE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </FormSelectField>
              <FormSelectField
                control={control}
                name="region"
                label="Region"
                required
                fullWidth
                {...lock('region')}
              >
                {BOT_REGIONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </FormSelectField>
              <FormSelectField
                control={control}
                name="billing_category"
                label="Billing category"
                required
                fullWidth
                {...lock('billing_category')}
              >
                {(billing.data ?? []).map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.name}
                  </option>
                ))}
              </FormSelectField>
              <FormSelectField
                control={control}
                name="api_type"
                label="API type"
                required
                fullWidth
                {...lock('api_type')}
              >
                {Object.entries(BOT_API_TYPES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </FormSelectField>
              <FormSelectField
                control={control}
                name="hosting_region"
                label="Hosting region"
                required
                fullWidth
                {...lock('hosting_region')}
              >
                {(regions.data ?? []).map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.name}
                  </option>
                ))}
              </FormSelectField>
              <FormSelectField
                control={control}
                name="chatbot_platform_id"
                label="Chatbot platform"
                fullWidth
                parse={(text) => (text === '' ? null : Number(text))}
              >
                <option value="">None</option>
                {(platforms.data ?? []).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </FormSelectField>
            </Box>
          </Section>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {actions.map((action) => (
              <Button
                key={action.intent}
                type="submit"
                variant={action.primary ? 'contained' : 'outlined'}
                disabled={save.isPending || images.pending}
                onClick={() => setIntent(action.intent)}
              >
                {action.label}
              </Button>
            ))}
          </Box>
        </Stack>
      </Box>
    </PreviewBeside>
  );
}

/** The handset preview: it alone follows every keystroke (the form's fields do not re-render). */
function LivePreview({
  control,
  logoUrl,
  bannerUrl,
}: {
  control: ReturnType<typeof useZodForm<typeof ZRcsBotDetailsRequest>>['control'];
  logoUrl: string | null;
  bannerUrl: string | null;
}) {
  const values = useWatch({ control }) as Values;
  return (
    <RcsAgentPreview
      values={{
        displayName: values.display_name ?? '',
        description: values.description ?? '',
        brandColor: values.brand_color ?? '',
        logoUrl,
        bannerUrl,
        phones: (values.phones ?? []).map((p) => ({ number: p?.number ?? '', label: p?.label ?? '' })),
        emails: (values.emails ?? []).map((e) => ({ address: e?.address ?? '', label: e?.label ?? '' })),
        websites: (values.websites ?? []).map((w) => ({ url: w?.url ?? '', label: w?.label ?? '' })),
      }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="h2" sx={{ px: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

type ContactName = 'phones' | 'emails' | 'websites';

/** One list of contacts (phones, emails or websites): a value and its label per row, add and remove. */
function ContactList({
  form,
  name,
  noun,
  valueField,
  valueLabel,
  disabled,
}: {
  form: ReturnType<typeof useZodForm<typeof ZRcsBotDetailsRequest>>;
  name: ContactName;
  noun: string;
  valueField: 'number' | 'address' | 'url';
  valueLabel: string;
  disabled: boolean;
}) {
  const list = useFieldArray({ control: form.control, name: name as ArrayPath<Values> });
  const rootError = form.formState.errors[name]?.root?.message ?? form.formState.errors[name]?.message;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {list.fields.map((item, index) => (
        <Box
          key={item.id}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
            alignItems: 'start',
          }}
        >
          <FormTextField
            control={form.control}
            name={`${name}.${index}.${valueField}` as `phones.0.number`}
            label={`${valueLabel} ${index + 1}`}
            size="small"
            fullWidth
            disabled={disabled}
          />
          <FormTextField
            control={form.control}
            name={`${name}.${index}.label` as `phones.0.label`}
            label={`Label ${noun} ${index + 1}`}
            size="small"
            fullWidth
            disabled={disabled}
            sx={{ gridRow: { xs: 2, sm: 'auto' } }}
          />
          <IconButton
            aria-label={`Remove ${noun} ${index + 1}`}
            onClick={() => list.remove(index)}
            disabled={disabled}
          >
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      {rootError && (
        <Typography variant="body2" role="alert" sx={{ color: 'error.dark' }}>
          {rootError}
        </Typography>
      )}
      {list.fields.length < RBM_AGENT_LIMITS.contactsMax && !disabled && (
        <Box>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            onClick={() => list.append({ [valueField]: '', label: '' } as never)}
          >
            Add {noun}
          </Button>
        </Box>
      )}
    </Box>
  );
}
