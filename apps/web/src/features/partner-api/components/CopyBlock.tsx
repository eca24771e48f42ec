import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** A labelled block of code or a value, with a copy button. */
export function CopyBlock({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    // The label row keeps its height and the code fills the rest: side by side, a shorter example
    // would otherwise spread its extra height over both rows and push its label down.
    <Box sx={{ display: 'grid', gridTemplateRows: 'auto 1fr', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Button
          size="small"
          aria-label={`Copy ${label}`}
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Box>
      <Box
        component="pre"
        aria-label={label}
        // It scrolls sideways (long examples): keyboard users reach it too (axe scrollable-region-focusable).
        tabIndex={0}
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 13,
          overflowX: 'auto',
          whiteSpace: 'pre',
          maxWidth: '100%',
        }}
      >
        <code>{text}</code>
      </Box>
    </Box>
  );
}
