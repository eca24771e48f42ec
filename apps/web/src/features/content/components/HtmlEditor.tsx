import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import { useId, useRef } from 'react';

/** The formatting the spec's allow-list keeps (section 5): each wraps the selection in its tags. */
const TOOLS = [
  { label: 'Bold', open: '<strong>', close: '</strong>' },
  { label: 'Italic', open: '<em>', close: '</em>' },
  { label: 'Paragraph', open: '<p>', close: '</p>' },
  { label: 'Bullets', open: '<ul>\n<li>', close: '</li>\n</ul>' },
  { label: 'Numbered', open: '<ol>\n<li>', close: '</li>\n</ol>' },
  { label: 'Link', open: '<a href="https://" target="_blank">', close: '</a>' },
] as const;

/**
 * HTML source with a small toolbar for the allowed tags (b/strong, i/em, p, ul, ol, li, a, br, span,
 * div). Anything else is removed when saved and when shown, by the same allow-list.
 */
export function HtmlEditor({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: string;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const wrap = (open: string, close: string) => {
    const input = area.current;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    const next = `${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + open.length, end + open.length);
    });
  };
  return (
    <Box>
      <InputLabel htmlFor={id} error={Boolean(error)} sx={{ mb: 0.5 }}>
        {label}
      </InputLabel>
      <ButtonGroup
        size="small"
        variant="outlined"
        aria-label={`${label} formatting`}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {TOOLS.map((tool) => (
          <Button key={tool.label} onClick={() => wrap(tool.open, tool.close)}>
            {tool.label}
          </Button>
        ))}
      </ButtonGroup>
      <Box
        component="textarea"
        id={id}
        ref={area}
        value={value}
        onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        rows={8}
        aria-invalid={Boolean(error)}
        sx={{
          width: '100%',
          boxSizing: 'border-box',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
          p: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          resize: 'vertical',
        }}
      />
      <FormHelperText error={Boolean(error)}>{error ?? helperText}</FormHelperText>
    </Box>
  );
}
