import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FAQ_CATEGORY_LABELS, type TFaq, ZFaqInput } from '@portico/domain';
import { Controller } from 'react-hook-form';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { SafeHtml } from '@/lib/ui/SafeHtml';
import { useSaveFaq } from '../api/faqs';
import { HtmlEditor } from './HtmlEditor';

/** Adds an FAQ or edits one: question, category, the answer with limited formatting and its preview. */
export function FaqDialog({ faq, onClose }: { faq: TFaq | null; onClose: () => void }) {
  const form = useZodForm(ZFaqInput, {
    category: faq?.category ?? 'onboarding',
    question: faq?.question ?? '',
    answer_html: faq?.answer_html ?? '',
    published: faq?.published ?? false,
  });
  const save = useSaveFaq();
  const submit = form.submitWith((input) =>
    save.mutate(
      { id: faq?.id ?? null, input },
      { onSuccess: onClose, onError: (error) => form.showServerError(error) },
    ),
  );
  const answer = form.watch('answer_html');
  return (
    <Dialog open onClose={onClose} aria-labelledby="faq-dialog-title" fullWidth maxWidth="md">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="faq-dialog-title">{faq ? 'Edit FAQ' : 'Add an FAQ'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <FormTextField control={form.control} name="question" label="Question" required />
          <FormSelectField control={form.control} name="category" label="Category">
            {Object.entries(FAQ_CATEGORY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </FormSelectField>
          <Controller
            control={form.control}
            name="answer_html"
            render={({ field, fieldState }) => (
              <HtmlEditor
                label="Answer"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                helperText="Bold, italic, paragraphs, lists and links are kept; anything else is removed."
              />
            )}
          />
          <Box>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Preview
            </Typography>
            <SafeHtml
              html={answer}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 48 }}
            />
          </Box>
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Published"
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save FAQ
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
