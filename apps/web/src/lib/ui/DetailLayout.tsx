import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

export interface PageSection {
  /** The section's element id: the anchor a link opens (`#launch-carriers`). */
  id: string;
  label: string;
}

/**
 * "On this page": links to a long detail page's sections (issue 26, point 9), so a reviewer goes
 * straight to the documents or the history; each link is an anchor (shareable, the back button works).
 */
export function SectionNav({ sections }: { sections: readonly PageSection[] }) {
  return (
    <Box component="nav" aria-label="On this page" sx={{ minWidth: 0 }}>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {sections.map((section) => (
          <li key={section.id}>
            <Link href={`#${section.id}`} variant="body2" underline="hover">
              {section.label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The decisions of a long detail page, kept in reach: the bar sits at the end of the page and sticks
 * to the bottom of the window while the page above it is read. `note` says what each decision does.
 */
export function StickyActionBar({
  label,
  children,
  note,
}: {
  /** The bar's name for screen readers: "Decisions on Chai Bot". */
  label: string;
  children: ReactNode;
  note?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      elevation={6}
      data-testid="sticky-actions"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 'appBar',
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {children}
      {note}
    </Paper>
  );
}
