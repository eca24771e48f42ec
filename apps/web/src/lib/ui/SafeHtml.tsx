import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';
import { sanitizeHtml } from '@/lib/sanitize';

type SafeHtmlProps = { html: string | null | undefined } & Omit<
  BoxProps,
  'children' | 'dangerouslySetInnerHTML'
>;

/** The one way user-provided HTML reaches the page: sanitised to the spec's allow-list first. */
export function SafeHtml({ html, ...boxProps }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was just sanitised to the spec's allow-list.
  return <Box {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
