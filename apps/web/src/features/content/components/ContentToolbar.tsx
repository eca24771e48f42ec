import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { usePaging } from '@/lib/ui/ListPagination';
import { SelectField } from '@/lib/ui/SelectField';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * The filters every content tab shares: search (debounced), category and "show drafts", each change
 * going back to the first page; `params` are the list call's query parameters.
 */
export function useContentFilters(pageSize: number) {
  const paging = usePaging(pageSize);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [drafts, setDrafts] = useState(false);
  const settled = useDebouncedValue(search.trim());
  return {
    paging,
    /** The trimmed search once typing has settled ('' when none). */
    settled,
    window: { start: paging.page * paging.pageSize, end: (paging.page + 1) * paging.pageSize },
    params: {
      search: settled || undefined,
      category: category || undefined,
      include_unpublished: drafts ? ('true' as const) : undefined,
    },
    search,
    onSearch: (value: string) => {
      setSearch(value);
      paging.setPage(0);
    },
    category,
    onCategory: (value: string) => {
      setCategory(value);
      paging.setPage(0);
    },
    drafts,
    onDrafts: setDrafts,
  };
}
type ContentFilters = ReturnType<typeof useContentFilters>;

/** A content tab's toolbar: its filters (categories when the kind has them) and, for managers, "Add". */
export function ContentToolbar({
  label,
  filters,
  categories,
  addLabel,
  onAdd,
}: {
  label: string;
  filters: ContentFilters;
  categories?: Readonly<Record<string, string>>;
  addLabel: string;
  onAdd: () => void;
}) {
  const canView = useCan('content.manage-view');
  const canManage = useCan('content.manage');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextInput
          type="search"
          size="small"
          label={label}
          value={filters.search}
          onChange={(event) => filters.onSearch(event.target.value)}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        {categories && (
          <SelectField
            label="Category"
            all="All categories"
            value={filters.category}
            options={Object.entries(categories).map(([value, text]) => ({ value, label: text }))}
            onChange={(value) => filters.onCategory(value)}
            sx={{ minWidth: 180 }}
          />
        )}
        {canView && (
          <FormControlLabel
            control={
              <Switch checked={filters.drafts} onChange={(event) => filters.onDrafts(event.target.checked)} />
            }
            label="Show drafts"
          />
        )}
      </Box>
      {canManage && (
        <Box>
          <Button variant="contained" onClick={onAdd}>
            {addLabel}
          </Button>
        </Box>
      )}
    </Box>
  );
}
