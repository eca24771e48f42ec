import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RcsTemplateContent, WhatsappTemplateContent } from '@portico/domain';
import { useState } from 'react';
import { TemplatePreview } from '@/lib/rich-message/TemplatePreview';

export interface PreviewRecipient {
  msisdn: string;
  fields: Readonly<Record<string, string>>;
}

/**
 * The values one recipient gives the template's variables through the mapping (variable -> column);
 * a variable not mapped yet keeps its sample ("[name]").
 */
export function recipientValues(
  variables: readonly string[],
  mapping: Readonly<Record<string, string>>,
  recipient: PreviewRecipient | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of variables) {
    const column = mapping[variable];
    const value = column ? recipient?.fields[column] : undefined;
    if (value !== undefined && value !== '') values[variable] = value;
  }
  return values;
}

/**
 * The handset with the message each of the first recipients would get: one at a time, chosen by
 * number, filled from the audience's columns as mapped.
 */
export function RecipientPreview({
  template,
  variables,
  mapping,
  recipients,
}: {
  template:
    | { channel: 'rcs'; content: RcsTemplateContent }
    | { channel: 'whatsapp'; content: WhatsappTemplateContent };
  variables: readonly string[];
  mapping: Readonly<Record<string, string>>;
  recipients: readonly PreviewRecipient[];
}) {
  const [index, setIndex] = useState(0);
  const recipient = recipients[Math.min(index, Math.max(0, recipients.length - 1))];
  const values = recipientValues(variables, mapping, recipient);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {recipients.length > 0 ? (
        <Box
          role="group"
          aria-label="Recipient shown"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'center' }}
        >
          {recipients.map((r, i) => (
            <Button
              key={r.msisdn}
              size="small"
              variant={recipient === r ? 'contained' : 'outlined'}
              aria-pressed={recipient === r}
              onClick={() => setIndex(i)}
            >
              {r.msisdn}
            </Button>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          Choose an audience to see its first recipients&apos; messages.
        </Typography>
      )}
      {template.channel === 'rcs' ? (
        <TemplatePreview channel="rcs" content={template.content} values={values} />
      ) : (
        <TemplatePreview
          channel="whatsapp"
          content={{
            ...template.content,
            // WhatsApp's numbered variables: {{1}} takes the value mapped to "1", else its example.
            body: {
              ...template.content.body,
              examples: template.content.body.examples.map((example, i) => values[String(i + 1)] ?? example),
            },
          }}
        />
      )}
    </Box>
  );
}
