import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  extractVariables,
  RCS_TEMPLATE_LIMITS,
  type RcsCard,
  type RcsTemplateContent,
  rcsTemplateVariables,
  type TTemplate,
  type TTemplateCreate,
  type TTemplateImport,
  WHATSAPP_TEMPLATE_CATEGORIES,
  WHATSAPP_TEMPLATE_LIMITS,
  type WhatsappTemplateContent,
  whatsappAuthenticationBody,
  whatsappAuthenticationFooter,
  ZTemplateCreateRequest,
} from '@portico/domain';
import { type BaseSyntheticEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCheckbox } from '@/lib/form/checkbox';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm, type ZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { PreviewBeside } from '@/lib/rich-message/PreviewBeside';
import { TemplatePreview } from '@/lib/rich-message/TemplatePreview';
import { TextInput } from '@/lib/ui/TextInput';
import { useSaveTemplate } from '../api/save-template';
import { useDownloadTemplateJson, useImportTemplateJson } from '../api/template-json';
import {
  type AnyControl,
  ButtonsEditor,
  CardEditor,
  LimitedField,
  ListError,
  MediaField,
  SuggestionsEditor,
} from './editors';
import { templateDetailsPath } from './template-paths';

/** The builder's forms: the create call's contract of each channel (every limit checked at its field by H3's rules). */
const [ZRcsForm, ZWhatsappForm] = ZTemplateCreateRequest.options;
type RcsForm = ZodForm<typeof ZRcsForm>;
type WhatsappForm = ZodForm<typeof ZWhatsappForm>;

const LANGUAGES = [
  'en',
  'en_US',
  'en_GB',
  'es',
  'es_MX',
  'fr',
  'de',
  'it',
  'pt_BR',
  'hi',
  'id',
  'ar',
  'zh_CN',
];

const emptyCard = () => ({ title: '', description: '', suggestions: [] });
function rcsContentOf(kind: RcsTemplateContent['kind'], suggestions: unknown[] = []) {
  if (kind === 'text') return { kind, text: '', suggestions };
  if (kind === 'rich_card')
    return { kind, orientation: 'VERTICAL', imageAlignment: 'LEFT', card: emptyCard(), suggestions };
  return { kind, cardWidth: 'MEDIUM', cards: [emptyCard(), emptyCard()], suggestions };
}
const EMPTY_WHATSAPP: WhatsappTemplateContent = {
  category: 'MARKETING',
  header: null,
  body: { text: '', examples: [] },
  footer: null,
  buttons: [],
};

/** Empty optional texts go as absent (RBM takes no empty title), an empty footer as none. */
function cleanRcs(content: RcsTemplateContent): RcsTemplateContent {
  const card = (c: RcsCard): RcsCard => ({
    ...c,
    title: c.title?.trim() ? c.title : undefined,
    description: c.description?.trim() ? c.description : undefined,
  });
  if (content.kind === 'rich_card') return { ...content, card: card(content.card) };
  if (content.kind === 'carousel') return { ...content, cards: content.cards.map(card) };
  return content;
}

/**
 * Revalidates the field being typed (and the lists and content the rules judge as a whole), so
 * each limit's reason shows at its field while typing, not only on save.
 */
function useLiveValidation(form: { watch: RcsForm['watch']; trigger: RcsForm['trigger'] } | WhatsappForm) {
  const { watch, trigger } = form as RcsForm;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!name) return;
      const lists = [
        'content',
        'content.cards',
        'content.suggestions',
        'content.buttons',
        'content.card.suggestions',
      ];
      void trigger([name, ...lists] as Parameters<typeof trigger>[0]);
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id={id} variant="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export interface BuilderProps {
  botId: string;
  channel: 'rcs' | 'whatsapp';
  /** The template changed (null: a new one). */
  template: TTemplate | null;
  /** Imported JSON to start from. */
  imported: TTemplateImport | null;
}

/** The visual builder beside its live handset preview. */
export function TemplateBuilder(props: BuilderProps) {
  return props.channel === 'rcs' ? <RcsBuilder {...props} /> : <WhatsappBuilder {...props} />;
}

function useSave(template: TTemplate | null) {
  const save = useSaveTemplate();
  const navigate = useNavigate();
  return {
    save,
    send: (body: TTemplateCreate, showError: (error: unknown) => void) => {
      const { bot_id: _bot, ...update } = body;
      save.mutate(
        template ? { templateId: template.template_id, body: update } : { templateId: null, body },
        {
          onSuccess: (saved) => navigate(templateDetailsPath(saved.template_id)),
          onError: showError,
        },
      );
    },
  };
}

function ImportedProblems({
  form,
  imported,
}: {
  form: { setError: RcsForm['setError'] };
  imported: TTemplateImport | null;
}) {
  const { setError } = form;
  useEffect(() => {
    for (const problem of imported?.problems ?? [])
      setError(['content', ...problem.path].join('.') as Parameters<typeof setError>[0], {
        type: 'import',
        message: problem.message,
      });
  }, [imported, setError]);
  return imported?.problems.length ? (
    <Alert severity="warning">
      The imported JSON has {imported.problems.length} problem(s) the network would refuse: they are shown at
      their fields.
    </Alert>
  ) : null;
}

function Actions({ pending, template }: { pending: boolean; template: TTemplate | null }) {
  const download = useDownloadTemplateJson();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {template && (
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => download.mutate({ templateId: template.template_id })}
          disabled={download.isPending}
        >
          Download JSON
        </Button>
      )}
      <Button type="submit" name="draft" variant="outlined" disabled={pending}>
        Save draft
      </Button>
      <Button type="submit" name="submit" variant="contained" disabled={pending}>
        Save and submit for approval
      </Button>
      {download.isError && <Alert severity="error">{errorMessage(download.error)}</Alert>}
    </Box>
  );
}

/** Which submit button was pressed: "Save draft" or "Save and submit". */
const submitIntent = (event?: BaseSyntheticEvent) =>
  ((event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null)?.name === 'submit';

function RcsBuilder({ botId, template, imported }: BuilderProps) {
  const latest = template?.versions[0];
  const form = useZodForm(ZRcsForm, {
    bot_id: botId,
    channel: 'rcs',
    name: imported?.name ?? template?.name ?? '',
    language: imported?.language ?? template?.language ?? 'en',
    content: (imported?.content ?? latest?.content ?? rcsContentOf('text')) as RcsTemplateContent,
    sample_values: latest?.sample_values ?? {},
    submit: false,
  });
  useLiveValidation(form);
  const { save, send } = useSave(template);
  const control = form.control as unknown as AnyControl;
  const content = useWatch({ control: form.control, name: 'content' }) as RcsTemplateContent;
  const samples = useWatch({ control: form.control, name: 'sample_values' }) as Record<string, string>;
  const variables = rcsTemplateVariables(content);
  const onSubmit = (event?: BaseSyntheticEvent) => {
    form.setValue('submit', submitIntent(event));
    return form.submitWith((body) =>
      send({ ...body, content: cleanRcs(body.content as RcsTemplateContent) } as TTemplateCreate, (e) =>
        form.showServerError(e),
      ),
    )(event);
  };
  return (
    <PreviewBeside preview={<TemplatePreview channel="rcs" content={content} values={samples ?? {}} />}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2 }}
        aria-label="RCS template"
      >
        <FormErrorAlert message={form.formError} />
        <ImportedProblems form={form} imported={imported} />
        <Section title="Template">
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 160px' } }}>
            <FormTextField
              control={form.control}
              name="name"
              label="Template name"
              size="small"
              disabled={Boolean(template)}
            />
            <FormSelectField control={form.control} name="language" label="Language" size="small">
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </FormSelectField>
          </Box>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Message type"
            value={content.kind}
            onChange={(_event, kind: RcsTemplateContent['kind'] | null) =>
              kind && form.setValue('content', rcsContentOf(kind, content.suggestions) as RcsTemplateContent)
            }
          >
            <ToggleButton value="text">Text</ToggleButton>
            <ToggleButton value="rich_card">Rich card</ToggleButton>
            <ToggleButton value="carousel">Carousel</ToggleButton>
          </ToggleButtonGroup>
        </Section>
        <Section title="Content">
          <ListError control={control} name="content" />
          {content.kind === 'text' && (
            <LimitedField
              control={control}
              name="content.text"
              label="Message text"
              max={RCS_TEMPLATE_LIMITS.text}
              multiline
              hint="Personalise with fields like {{first_name}}"
            />
          )}
          {content.kind === 'rich_card' && (
            <>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
                <FormSelectField
                  control={control}
                  name="content.orientation"
                  label="Orientation"
                  size="small"
                >
                  <option value="VERTICAL">Vertical</option>
                  <option value="HORIZONTAL">Horizontal</option>
                </FormSelectField>
                {content.orientation === 'HORIZONTAL' && (
                  <FormSelectField control={control} name="content.imageAlignment" label="Image" size="small">
                    <option value="LEFT">On the left</option>
                    <option value="RIGHT">On the right</option>
                  </FormSelectField>
                )}
              </Box>
              <CardEditor
                control={control}
                name="content.card"
                title="Card"
                withHeight={content.orientation === 'VERTICAL'}
              />
            </>
          )}
          {content.kind === 'carousel' && (
            <>
              <FormSelectField
                control={control}
                name="content.cardWidth"
                label="Card width"
                size="small"
                sx={{ maxWidth: 200 }}
              >
                <option value="SMALL">Small</option>
                <option value="MEDIUM">Medium</option>
              </FormSelectField>
              <ListError control={control} name="content.cards" />
              {content.cards.map((_card, i) => (
                <CardEditor
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a carousel are positional.
                  key={i}
                  control={control}
                  name={`content.cards.${i}`}
                  title={`Card ${i + 1}`}
                  withHeight
                  onRemove={
                    content.cards.length > RCS_TEMPLATE_LIMITS.carouselMin
                      ? () =>
                          form.setValue(
                            'content',
                            { ...content, cards: content.cards.filter((_c, j) => j !== i) },
                            { shouldValidate: true },
                          )
                      : undefined
                  }
                />
              ))}
              <Button
                variant="outlined"
                disabled={content.cards.length >= RCS_TEMPLATE_LIMITS.carouselMax}
                onClick={() =>
                  form.setValue('content', { ...content, cards: [...content.cards, emptyCard()] })
                }
              >
                Add card
              </Button>
            </>
          )}
          <SuggestionsEditor
            control={control}
            name="content.suggestions"
            max={RCS_TEMPLATE_LIMITS.suggestionsPerMessage}
            title="Message suggestions"
          />
        </Section>
        <Section title="Sample values">
          {variables.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No personalised fields yet: type one like {'{{first_name}}'}; campaigns fill it from the
              audience file.
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              {variables.map((name) => (
                <FormTextField
                  key={name}
                  control={control}
                  name={`sample_values.${name}`}
                  label={`Sample {{${name}}}`}
                  size="small"
                />
              ))}
            </Box>
          )}
        </Section>
        <Actions pending={save.isPending} template={template} />
      </Box>
    </PreviewBeside>
  );
}

function WhatsappBuilder({ botId, template, imported }: BuilderProps) {
  const latest = template?.versions[0];
  const form = useZodForm(ZWhatsappForm, {
    bot_id: botId,
    channel: 'whatsapp',
    name: imported?.name ?? template?.name ?? '',
    language: imported?.language ?? template?.language ?? 'en_US',
    content: (imported?.content ?? latest?.content ?? EMPTY_WHATSAPP) as WhatsappTemplateContent,
    sample_values: {},
    submit: false,
  });
  useLiveValidation(form);
  const { save, send } = useSave(template);
  const control = form.control as unknown as AnyControl;
  const content = useWatch({ control: form.control, name: 'content' }) as WhatsappTemplateContent;
  const variables = extractVariables(content.body.text);
  const { setValue } = form;
  const auth = content.category === 'AUTHENTICATION';
  const security = content.authentication?.securityRecommendation ?? false;
  const minutes = content.authentication?.codeExpirationMinutes ?? null;

  // Meta sets the text of authentication templates; the builder keeps it in step with the settings.
  useEffect(() => {
    if (!auth) return;
    setValue('content.header', null);
    setValue('content.body.text', whatsappAuthenticationBody(security));
    setValue(
      'content.footer',
      whatsappAuthenticationFooter(typeof minutes === 'number' && !Number.isNaN(minutes) ? minutes : null),
    );
  }, [auth, security, minutes, setValue]);
  // One example per body variable.
  const examples = content.body.examples.length;
  useEffect(() => {
    if (examples > variables.length)
      setValue('content.body.examples', content.body.examples.slice(0, variables.length));
  }, [examples, variables.length, content.body.examples, setValue]);

  const setCategory = (category: WhatsappTemplateContent['category']) => {
    if (category === 'AUTHENTICATION')
      setValue('content', {
        category,
        header: null,
        body: { text: whatsappAuthenticationBody(false), examples: [''] },
        footer: null,
        buttons: [{ type: 'COPY_CODE', text: 'Copy code' }],
        authentication: { securityRecommendation: false, codeExpirationMinutes: null },
      });
    else
      setValue('content', {
        ...content,
        category,
        ...(content.category === 'AUTHENTICATION' ? { ...EMPTY_WHATSAPP, category } : {}),
        authentication: undefined,
      });
  };
  const headerFormat = content.header?.format ?? '';
  const onSubmit = (event?: BaseSyntheticEvent) => {
    form.setValue('submit', submitIntent(event));
    return form.submitWith((body) => {
      const c = body.content;
      send(
        { ...body, content: { ...c, footer: c.footer?.trim() ? c.footer : null } } as TTemplateCreate,
        (e) => form.showServerError(e),
      );
    })(event);
  };
  return (
    <PreviewBeside preview={<TemplatePreview channel="whatsapp" content={content} />}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2 }}
        aria-label="WhatsApp template"
      >
        <FormErrorAlert message={form.formError} />
        <ImportedProblems form={form as unknown as RcsForm} imported={imported} />
        <Section title="Template">
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 160px 180px' } }}>
            <FormTextField
              control={form.control}
              name="name"
              label="Template name"
              size="small"
              disabled={Boolean(template)}
              helperText="Lower-case letters, digits and underscores"
            />
            <FormSelectField control={form.control} name="language" label="Language" size="small">
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </FormSelectField>
            <TextInput
              select
              size="small"
              label="Category"
              value={content.category}
              onChange={(event) => setCategory(event.target.value as WhatsappTemplateContent['category'])}
            >
              {WHATSAPP_TEMPLATE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c[0]}
                  {c.slice(1).toLowerCase()}
                </option>
              ))}
            </TextInput>
          </Box>
        </Section>
        {auth ? (
          <Section title="Authentication">
            <Typography variant="body2" color="text.secondary">
              Meta sets the text of authentication templates: the code goes in {'{{1}}'}.
            </Typography>
            <FormCheckbox
              control={control}
              name="content.authentication.securityRecommendation"
              label="Add the security recommendation"
            />
            <FormTextField
              control={control}
              name="content.authentication.codeExpirationMinutes"
              label="Code expires after (minutes)"
              size="small"
              type="number"
              parse={(t) => (t.trim() === '' ? null : Number(t))}
              sx={{ maxWidth: 260 }}
            />
            <LimitedField control={control} name="content.body.examples.0" label="Example code" />
            <LimitedField
              control={control}
              name="content.buttons.0.text"
              label="Copy code button text"
              max={WHATSAPP_TEMPLATE_LIMITS.buttonText}
            />
            <ListError control={control} name="content.buttons" />
          </Section>
        ) : (
          <>
            <Section title="Header">
              <TextInput
                select
                size="small"
                label="Header"
                value={headerFormat}
                sx={{ maxWidth: 240 }}
                onChange={(event) => {
                  const format = event.target.value;
                  if (!format) setValue('content.header', null);
                  else if (format === 'TEXT')
                    setValue('content.header', { format: 'TEXT', text: '', example: '' });
                  else
                    setValue('content.header', {
                      format: format as 'IMAGE' | 'VIDEO' | 'DOCUMENT',
                      media: {
                        source: 'url',
                        url: '',
                        kind: format.toLowerCase() as 'image' | 'video' | 'document',
                      },
                    });
                }}
              >
                <option value="">None</option>
                <option value="TEXT">Text</option>
                <option value="IMAGE">Image</option>
                <option value="VIDEO">Video</option>
                <option value="DOCUMENT">Document</option>
              </TextInput>
              {content.header?.format === 'TEXT' && (
                <>
                  <LimitedField
                    control={control}
                    name="content.header.text"
                    label="Header text"
                    max={WHATSAPP_TEMPLATE_LIMITS.headerText}
                    hint="At most one variable, {{1}}"
                  />
                  {extractVariables(content.header.text).length > 0 && (
                    <LimitedField
                      control={control}
                      name="content.header.example"
                      label="Example of {{1}} in the header"
                    />
                  )}
                </>
              )}
              {content.header && content.header.format !== 'TEXT' && (
                <MediaField
                  control={control}
                  name="content.header.media"
                  channel="whatsapp"
                  kinds={[content.header.format.toLowerCase() as 'image' | 'video' | 'document']}
                  withHeight={false}
                />
              )}
            </Section>
            <Section title="Body">
              <LimitedField
                control={control}
                name="content.body.text"
                label="Body"
                max={WHATSAPP_TEMPLATE_LIMITS.body}
                multiline
                hint="Variables are numbered: {{1}}, {{2}} …"
              />
              {variables.map((name, i) => (
                <LimitedField
                  key={name}
                  control={control}
                  name={`content.body.examples.${i}`}
                  label={`Example of {{${i + 1}}}`}
                />
              ))}
              <FormTextField
                control={control}
                name="content.footer"
                label="Footer (optional)"
                size="small"
                parse={(t) => (t === '' ? null : t)}
                helperText={`${[...(content.footer ?? '')].length} / ${WHATSAPP_TEMPLATE_LIMITS.footer}`}
              />
            </Section>
            <Section title="Buttons">
              <ButtonsEditor control={control} name="content.buttons" />
            </Section>
          </>
        )}
        <Actions pending={save.isPending} template={template} />
      </Box>
    </PreviewBeside>
  );
}

/** Reads a network JSON file into a template to start from (RBM AgentMessage or Meta's template). */
export function ImportJsonButton({
  channel,
  onImported,
}: {
  channel: 'rcs' | 'whatsapp';
  onImported: (imported: TTemplateImport) => void;
}) {
  const importer = useImportTemplateJson();
  const inputId = useId();
  const [notJson, setNotJson] = useState(false);
  return (
    <>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        hidden
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          let json: unknown;
          try {
            json = JSON.parse(await file.text());
          } catch {
            importer.reset();
            setNotJson(true);
            return;
          }
          setNotJson(false);
          importer.mutate({ channel, json }, { onSuccess: onImported });
        }}
      />
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        startIcon={<FileUploadOutlined />}
        disabled={importer.isPending}
      >
        Import JSON
      </Button>
      {notJson && <Alert severity="error">The file is not JSON: choose a .json file.</Alert>}
      {importer.isError && <Alert severity="error">{errorMessage(importer.error)}</Alert>}
    </>
  );
}
