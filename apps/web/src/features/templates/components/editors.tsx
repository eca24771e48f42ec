import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  RCS_MEDIA_HEIGHTS,
  RCS_SUGGESTION_TYPES,
  RCS_TEMPLATE_LIMITS,
  type RcsSuggestionType,
  type TemplateMedia,
  WHATSAPP_BUTTON_TYPES,
  WHATSAPP_TEMPLATE_LIMITS,
  type WhatsappButton,
} from '@portico/domain';
import { useId } from 'react';
import {
  type Control,
  type FieldValues,
  get,
  useController,
  useFieldArray,
  useFormState,
} from 'react-hook-form';
import { FormTextField } from '@/lib/form/text-field';
import { errorMessage } from '@/lib/http/api-error';
import { TextInput } from '@/lib/ui/TextInput';
import { useUploadTemplateMedia } from '../api/upload-media';

/** The builder's editors work on dotted paths inside either channel's form (rcs or whatsapp). */
export type AnyControl = Control<FieldValues>;

const count = (value: unknown, max: number) =>
  `${typeof value === 'string' ? [...value].length : 0} / ${max}`;

/** A text field bound to `name` with a character counter against the network's limit as its hint. */
export function LimitedField({
  control,
  name,
  label,
  max,
  multiline = false,
  hint,
}: {
  control: AnyControl;
  name: string;
  label: string;
  max?: number;
  multiline?: boolean;
  hint?: string;
}) {
  const { field } = useController({ control, name });
  const helper = [hint, max ? count(field.value, max) : null].filter(Boolean).join(' · ');
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      helperText={helper || undefined}
    />
  );
}

/** An error the rules give a whole list (cards, suggestions, buttons) or the whole content. */
export function ListError({ control, name }: { control: AnyControl; name: string }) {
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return message ? (
    <Alert severity="error" sx={{ py: 0 }}>
      {message}
    </Alert>
  ) : null;
}

const SUGGESTION_LABEL: Record<RcsSuggestionType, string> = {
  reply: 'Suggested reply',
  dial: 'Dial a number',
  open_url: 'Open a URL',
  view_location: 'View a location',
  share_location: 'Share location',
  calendar: 'Create a calendar event',
};

function newSuggestion(type: RcsSuggestionType, text = '', postbackData = '') {
  const base = { text, postbackData };
  switch (type) {
    case 'reply':
      return { type, ...base };
    case 'dial':
      return { type, ...base, phoneNumber: '' };
    case 'open_url':
      return { type, ...base, url: '' };
    case 'view_location':
      return { type, ...base, latitude: undefined, longitude: undefined, label: '' };
    case 'share_location':
      return { type, ...base };
    case 'calendar':
      return { type, ...base, title: '', description: '', startTime: '', endTime: '' };
  }
}

const parseNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Suggested replies and actions of a message or a card (RBM: at most 11, or 4 on a card). */
export function SuggestionsEditor({
  control,
  name,
  max,
  title,
}: {
  control: AnyControl;
  name: string;
  max: number;
  title: string;
}) {
  const { fields, append, remove, update } = useFieldArray({ control, name });
  const headingId = useId();
  return (
    <Box
      component="fieldset"
      aria-labelledby={headingId}
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="legend">
          {title} ({fields.length} / {max})
        </Typography>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => append(newSuggestion('reply'))}
          disabled={fields.length >= max}
        >
          Add suggestion
        </Button>
      </Box>
      <ListError control={control} name={name} />
      {fields.map((item, i) => (
        <SuggestionRow
          key={item.id}
          control={control}
          name={`${name}.${i}`}
          index={i}
          onType={(type, current) => update(i, newSuggestion(type, current.text, current.postbackData))}
          onRemove={() => remove(i)}
        />
      ))}
    </Box>
  );
}

function SuggestionRow({
  control,
  name,
  index,
  onType,
  onRemove,
}: {
  control: AnyControl;
  name: string;
  index: number;
  onType: (type: RcsSuggestionType, current: { text: string; postbackData: string }) => void;
  onRemove: () => void;
}) {
  const { field } = useController({ control, name });
  const value = field.value as { type: RcsSuggestionType; text: string; postbackData: string };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'grid', gap: 1.25, gridTemplateColumns: { sm: '1fr 1fr' } }}
    >
      <TextInput
        select
        size="small"
        label={`Suggestion ${index + 1} type`}
        value={value.type}
        onChange={(event) => onType(event.target.value as RcsSuggestionType, value)}
      >
        {RCS_SUGGESTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {SUGGESTION_LABEL[type]}
          </option>
        ))}
      </TextInput>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <LimitedField
          control={control}
          name={`${name}.text`}
          label={`Suggestion ${index + 1} text`}
          max={RCS_TEMPLATE_LIMITS.suggestionText}
        />
        <IconButton
          aria-label={`Remove suggestion ${index + 1}`}
          onClick={onRemove}
          sx={{ alignSelf: 'start' }}
        >
          <DeleteOutlined />
        </IconButton>
      </Box>
      <LimitedField
        control={control}
        name={`${name}.postbackData`}
        label="Postback data"
        hint="Sent back when tapped"
      />
      {value.type === 'dial' && (
        <LimitedField
          control={control}
          name={`${name}.phoneNumber`}
          label="Phone number"
          hint="E.164, e.g. +14155550100"
        />
      )}
      {value.type === 'open_url' && (
        <LimitedField control={control} name={`${name}.url`} label="URL" hint="https://…" />
      )}
      {value.type === 'view_location' && (
        <>
          <FormTextField
            control={control}
            name={`${name}.latitude`}
            label="Latitude"
            size="small"
            type="number"
            parse={parseNumber}
          />
          <FormTextField
            control={control}
            name={`${name}.longitude`}
            label="Longitude"
            size="small"
            type="number"
            parse={parseNumber}
          />
          <LimitedField
            control={control}
            name={`${name}.label`}
            label="Place label"
            max={RCS_TEMPLATE_LIMITS.locationLabel}
          />
        </>
      )}
      {value.type === 'calendar' && (
        <>
          <LimitedField
            control={control}
            name={`${name}.title`}
            label="Event title"
            max={RCS_TEMPLATE_LIMITS.calendarTitle}
          />
          <LimitedField
            control={control}
            name={`${name}.description`}
            label="Event description"
            max={RCS_TEMPLATE_LIMITS.calendarDescription}
          />
          <LimitedField
            control={control}
            name={`${name}.startTime`}
            label="Starts"
            hint="e.g. 2026-12-01T10:00:00Z"
          />
          <LimitedField
            control={control}
            name={`${name}.endTime`}
            label="Ends"
            hint="e.g. 2026-12-01T11:00:00Z"
          />
        </>
      )}
    </Paper>
  );
}

type FormMedia = TemplateMedia & { height?: string };

/** A card's or header's media: a web address, or a file uploaded to us (checked by content and size). */
export function MediaField({
  control,
  name,
  channel,
  kinds,
  withHeight,
}: {
  control: AnyControl;
  name: string;
  channel: 'rcs' | 'whatsapp';
  kinds: readonly ('image' | 'video' | 'document')[];
  withHeight: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const media = field.value as FormMedia | undefined | null;
  const upload = useUploadTemplateMedia();
  const inputId = useId();
  const kind = media?.kind ?? kinds[0] ?? 'image';
  const height = media?.height ?? 'MEDIUM';
  const extra = withHeight ? { height } : {};
  const message =
    fieldState.error?.message ?? (get(fieldState.error, 'url') as { message?: string } | undefined)?.message;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { sm: withHeight ? '120px 1fr 120px' : '120px 1fr' },
      }}
    >
      <TextInput
        select
        size="small"
        label="Media"
        value={kind}
        onChange={(event) => media && field.onChange({ ...media, kind: event.target.value })}
        disabled={!media || kinds.length < 2}
      >
        {kinds.map((k) => (
          <option key={k} value={k}>
            {k[0]?.toUpperCase()}
            {k.slice(1)}
          </option>
        ))}
      </TextInput>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'start' }}>
        <TextInput
          size="small"
          fullWidth
          label="Media URL"
          value={media?.source === 'url' ? media.url : media?.source === 'upload' ? 'Uploaded file' : ''}
          disabled={media?.source === 'upload'}
          error={Boolean(message)}
          helperText={message ?? (upload.isError ? errorMessage(upload.error) : 'https://… or upload a file')}
          onChange={(event) =>
            field.onChange(
              event.target.value.trim() === ''
                ? channel === 'rcs'
                  ? undefined
                  : { source: 'url', url: '', kind }
                : { source: 'url', url: event.target.value, kind, ...extra },
            )
          }
        />
        <input
          id={inputId}
          type="file"
          hidden
          accept={kinds.map((k) => (k === 'document' ? 'application/pdf' : `${k}/*`)).join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            upload.mutate(
              { channel, file },
              {
                onSuccess: (stored) =>
                  field.onChange({ source: 'upload', key: stored.key, kind: stored.kind, ...extra }),
              },
            );
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          size="small"
          variant="outlined"
          startIcon={<FileUploadOutlined />}
          disabled={upload.isPending}
          sx={{ whiteSpace: 'nowrap', mt: 0.25 }}
        >
          Upload
        </Button>
        {media && (
          <IconButton
            aria-label="Remove the media"
            onClick={() => field.onChange(channel === 'rcs' ? undefined : { source: 'url', url: '', kind })}
          >
            <DeleteOutlined />
          </IconButton>
        )}
      </Box>
      {withHeight && (
        <TextInput
          select
          size="small"
          label="Media height"
          value={height}
          disabled={!media}
          onChange={(event) => media && field.onChange({ ...media, height: event.target.value })}
        >
          {RCS_MEDIA_HEIGHTS.map((h) => (
            <option key={h} value={h}>
              {h[0]}
              {h.slice(1).toLowerCase()}
            </option>
          ))}
        </TextInput>
      )}
    </Box>
  );
}

/** One rich card: media, title, description and its own suggestions. */
export function CardEditor({
  control,
  name,
  title,
  withHeight,
  onRemove,
}: {
  control: AnyControl;
  name: string;
  title: string;
  withHeight: boolean;
  onRemove?: (() => void) | undefined;
}) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {title}
        </Typography>
        {onRemove && (
          <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onRemove}>
            Remove card
          </Button>
        )}
      </Box>
      <MediaField
        control={control}
        name={`${name}.media`}
        channel="rcs"
        kinds={['image', 'video']}
        withHeight={withHeight}
      />
      <LimitedField
        control={control}
        name={`${name}.title`}
        label="Card title"
        max={RCS_TEMPLATE_LIMITS.cardTitle}
      />
      <LimitedField
        control={control}
        name={`${name}.description`}
        label="Card description"
        max={RCS_TEMPLATE_LIMITS.cardDescription}
        multiline
      />
      <SuggestionsEditor
        control={control}
        name={`${name}.suggestions`}
        max={RCS_TEMPLATE_LIMITS.suggestionsPerCard}
        title="Card suggestions"
      />
    </Paper>
  );
}

const BUTTON_LABEL: Record<WhatsappButton['type'], string> = {
  QUICK_REPLY: 'Quick reply',
  URL: 'Visit website',
  PHONE_NUMBER: 'Call phone number',
  COPY_CODE: 'Copy offer code',
};

function newButton(type: WhatsappButton['type'], text = ''): WhatsappButton {
  switch (type) {
    case 'QUICK_REPLY':
      return { type, text };
    case 'URL':
      return { type, text, url: '', example: '' };
    case 'PHONE_NUMBER':
      return { type, text, phoneNumber: '' };
    case 'COPY_CODE':
      return { type, text: 'Copy offer code', example: '' };
  }
}

/** WhatsApp buttons: quick replies, URL, phone number, copy code (Meta: at most 10, grouped). */
export function ButtonsEditor({ control, name }: { control: AnyControl; name: string }) {
  const { fields, append, remove, update } = useFieldArray({ control, name });
  const max = WHATSAPP_TEMPLATE_LIMITS.buttons;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          Buttons ({fields.length} / {max})
        </Typography>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => append(newButton('QUICK_REPLY'))}
          disabled={fields.length >= max}
        >
          Add button
        </Button>
      </Box>
      <ListError control={control} name={name} />
      {fields.map((item, i) => (
        <ButtonRow
          key={item.id}
          control={control}
          name={`${name}.${i}`}
          index={i}
          onType={(type, text) => update(i, newButton(type, text))}
          onRemove={() => remove(i)}
        />
      ))}
    </Box>
  );
}

function ButtonRow({
  control,
  name,
  index,
  onType,
  onRemove,
}: {
  control: AnyControl;
  name: string;
  index: number;
  onType: (type: WhatsappButton['type'], text: string) => void;
  onRemove: () => void;
}) {
  const { field } = useController({ control, name });
  const value = field.value as WhatsappButton;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'grid', gap: 1.25, gridTemplateColumns: { sm: '1fr 1fr' } }}
    >
      <TextInput
        select
        size="small"
        label={`Button ${index + 1} type`}
        value={value.type}
        onChange={(event) => onType(event.target.value as WhatsappButton['type'], value.text)}
      >
        {WHATSAPP_BUTTON_TYPES.map((type) => (
          <option key={type} value={type}>
            {BUTTON_LABEL[type]}
          </option>
        ))}
      </TextInput>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <LimitedField
          control={control}
          name={`${name}.text`}
          label={`Button ${index + 1} text`}
          max={WHATSAPP_TEMPLATE_LIMITS.buttonText}
        />
        <IconButton aria-label={`Remove button ${index + 1}`} onClick={onRemove} sx={{ alignSelf: 'start' }}>
          <DeleteOutlined />
        </IconButton>
      </Box>
      {value.type === 'URL' && (
        <>
          <LimitedField
            control={control}
            name={`${name}.url`}
            label="URL"
            max={WHATSAPP_TEMPLATE_LIMITS.buttonUrl}
            hint="One {{1}} at the end at most"
          />
          <LimitedField control={control} name={`${name}.example`} label="URL example" />
        </>
      )}
      {value.type === 'PHONE_NUMBER' && (
        <LimitedField
          control={control}
          name={`${name}.phoneNumber`}
          label="Phone number"
          max={WHATSAPP_TEMPLATE_LIMITS.phoneNumber}
        />
      )}
      {value.type === 'COPY_CODE' && (
        <LimitedField
          control={control}
          name={`${name}.example`}
          label="Offer code example"
          max={WHATSAPP_TEMPLATE_LIMITS.copyCodeExample}
        />
      )}
    </Paper>
  );
}
