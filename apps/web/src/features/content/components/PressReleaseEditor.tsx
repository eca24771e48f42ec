import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type TPressRelease, ZPressReleaseInput } from '@portico/domain';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { DayField } from '@/lib/ui/DayField';
import { useChangePressRelease } from '../api/press-releases';
import { HtmlEditor } from './HtmlEditor';
import { PressReleaseArticle } from './PressReleaseArticle';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The press-release editor: title, summary, publish date, the body with the allow-list's formatting,
 * an image, a preview as the public will see it, then "Save draft" or "Publish" (press release submit).
 */
export function PressReleaseEditor({
  release,
  onDone,
}: {
  release: TPressRelease | null;
  onDone: (message: string) => void;
}) {
  const form = useZodForm(ZPressReleaseInput, {
    title: release?.title ?? '',
    summary: release?.summary ?? '',
    body_html: release?.body_html ?? '',
    publish_date: release?.publish_date ?? today(),
  });
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [image, setImage] = useState<File | null>(null);
  const change = useChangePressRelease();
  const values = form.watch();
  // The chosen image, shown in the preview before it is uploaded; its object URL is released with it.
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return setImagePreview(null);
    const url = URL.createObjectURL(image);
    setImagePreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const save = (publish: boolean) =>
    form.submitWith(async (input) => {
      try {
        const saved = await change.mutateAsync({ change: 'save', id: release?.id ?? null, input });
        const id = saved?.id ?? release?.id;
        if (id === undefined) return;
        if (image) await change.mutateAsync({ change: 'image', id, image });
        if (publish) await change.mutateAsync({ change: 'submit', id });
        onDone(publish ? 'Press release published.' : 'Draft saved.');
      } catch (error) {
        form.showServerError(error);
      }
    });

  const preview: TPressRelease = {
    id: release?.id ?? 0,
    title: values.title || 'Untitled',
    summary: values.summary ?? '',
    body_html: values.body_html,
    status: release?.status ?? 'draft',
    publish_date: values.publish_date || today(),
    image_url: imagePreview ?? release?.image_url ?? null,
    updated_at: release?.updated_at ?? new Date().toISOString(),
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="editor-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="editor-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {release ? `Edit "${release.title}"` : 'New press release'}
      </Typography>
      <Tabs
        value={view}
        onChange={(_e, next: 'edit' | 'preview') => setView(next)}
        aria-label="Editor view"
        sx={{ mb: 2 }}
      >
        <Tab value="edit" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      <Box component="form" noValidate onSubmit={save(false)} sx={{ display: 'grid', gap: 2 }}>
        {form.formError && <Alert severity="error">{form.formError}</Alert>}
        {change.isError && !form.formError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
        <Box sx={{ display: view === 'edit' ? 'grid' : 'none', gap: 2 }}>
          <FormTextField control={form.control} name="title" label="Title" required />
          <FormTextField control={form.control} name="summary" label="Summary" multiline minRows={2} />
          <Controller
            control={form.control}
            name="publish_date"
            render={({ field, fieldState }) => (
              <DayField
                label="Publish date"
                name={field.name}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                sx={{ maxWidth: 240 }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="body_html"
            render={({ field, fieldState }) => (
              <HtmlEditor
                label="Body"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                helperText="Bold, italic, paragraphs, lists and links are kept; anything else is removed."
              />
            )}
          />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" component="label">
              {image
                ? `Image: ${image.name}`
                : release?.image_url
                  ? 'Replace image'
                  : 'Add image (PNG, JPEG, WebP, 2 MB)'}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(e) => setImage(e.target.files?.[0] ?? null)}
              />
            </Button>
          </Box>
        </Box>
        {view === 'preview' && (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} aria-label="Preview">
            <PressReleaseArticle release={preview} />
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => onDone('')}>Cancel</Button>
          <Button type="submit" variant="outlined" disabled={change.isPending}>
            Save draft
          </Button>
          <Button variant="contained" disabled={change.isPending} onClick={() => void save(true)()}>
            Publish
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
