import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useCan } from '@/lib/use-can';

/** Search, category and (for admins) "show drafts": the filters every content tab shares. */
export function ContentSearch({
  label,
  search,
  onSearch,
  categories,
  category,
  onCategory,
  drafts,
  onDrafts,
}: {
  label: string;
  search: string;
  onSearch: (value: string) => void;
  categories?: Readonly<Record<string, string>>;
  category?: string;
  onCategory?: (value: string) => void;
  drafts: boolean;
  onDrafts: (value: boolean) => void;
}) {
  const canView = useCan('content.manage-view');
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        type="search"
        size="small"
        label={label}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        sx={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      {categories && onCategory && (
        <TextField
          select
          size="small"
          label="Category"
          value={category ?? ''}
          onChange={(event) => onCategory(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All categories</MenuItem>
          {Object.entries(categories).map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
      {canView && (
        <FormControlLabel
          control={<Switch checked={drafts} onChange={(event) => onDrafts(event.target.checked)} />}
          label="Show drafts"
        />
      )}
    </Box>
  );
}
