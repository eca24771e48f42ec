import Box from '@mui/material/Box';
import { visuallyHidden } from './visually-hidden';

/**
 * A list tab's label with how many items it holds under the list's filters ("Submitted 3"); no
 * number while the counts load. A screen reader reads "Submitted, 3 items".
 */
export function TabCountLabel({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}
      {count !== undefined && (
        <>
          <Box
            component="span"
            aria-hidden
            sx={{
              minWidth: 22,
              px: 0.75,
              borderRadius: 11,
              fontSize: '0.75rem',
              lineHeight: '20px',
              textAlign: 'center',
              bgcolor: 'action.selected',
              color: 'text.primary',
            }}
          >
            {count}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {`, ${count} ${count === 1 ? 'item' : 'items'}`}
          </Box>
        </>
      )}
    </Box>
  );
}
