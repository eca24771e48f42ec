import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import type { PopperProps } from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { statusPresentation } from '@portico/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { aggregatorsQueryOptions } from '@/features/aggregators/api/aggregators';
import { botReviewsQueryOptions } from '@/features/bot-review/api/get-bot-reviews';
import { reviewDetailsPath } from '@/features/bot-review/components/review-paths';
import { botsQueryOptions } from '@/features/bots/api/get-bots';
import { viewBotPath } from '@/features/bots/components/bot-paths';
import { brandsQueryOptions } from '@/features/brands/api/get-brands';
import { templatesQueryOptions } from '@/features/templates/api/get-templates';
import { templateDetailsPath } from '@/features/templates/components/template-paths';
import { AutocompleteInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** What one subject's search shows per query; the lists themselves have the rest. */
const SHOWN = 5;
const WINDOW = { start: 0, end: SHOWN };
/** Shorter text finds too much to be useful (a name's first letter). */
const MIN_LENGTH = 2;

type Audience = 'developer' | 'platform' | 'carrier';

interface SearchHit {
  key: string;
  group: string;
  primary: string;
  secondary: string;
  to: string;
}

interface GroupResult {
  group: string;
  hits: SearchHit[];
  total: number;
}

const stateOf = (status: { key: string; label: string }) => statusPresentation(status).short;

/** The audience whose pages a hit opens: a carrier's, the platform's, or the developer side's. */
function useAudience(): Audience {
  const carrier = useCan('bot-review.carrier.read');
  const platform = useCan('bot-review.read');
  return carrier ? 'carrier' : platform ? 'platform' : 'developer';
}

/**
 * The searches the caller may run, each through the list its own pages use, so a hit is only ever
 * what that list would show the caller (the server scopes it: own partner, own network, or all).
 */
function useSubjectSearches(search: string): { groups: GroupResult[]; loading: boolean; failed: boolean } {
  const audience = useAudience();
  const enabled = search.length >= MIN_LENGTH;
  const canBots = useCan('bots.read');
  const canBrands = useCan('brands.read');
  const canTemplates = useCan('templates.read');
  const canPartners = useCan('aggregators.read');
  const reviewScope = audience === 'developer' ? null : audience;
  const brandPage = {
    developer: '/u/update-brand',
    platform: '/admin/view-brand',
    carrier: '/billing/view-brand',
  };

  const [bots, reviews, brands, templates, partners] = useQueries({
    queries: [
      { ...botsQueryOptions(WINDOW, { search }), enabled: enabled && canBots },
      {
        // Every launch the caller may see, whatever its state (the list's own default tab is what waits).
        ...botReviewsQueryOptions(reviewScope ?? 'platform', WINDOW, { search, tab: 'all' }),
        enabled: enabled && reviewScope !== null,
      },
      { ...brandsQueryOptions(WINDOW, { search }), enabled: enabled && canBrands },
      { ...templatesQueryOptions(WINDOW, { search }), enabled: enabled && canTemplates },
      { ...aggregatorsQueryOptions(WINDOW, { search }), enabled: enabled && canPartners },
    ],
  });

  const groups: GroupResult[] = [];
  if (bots.data && canBots) {
    groups.push({
      group: 'Bots',
      total: bots.data.total,
      hits: bots.data.items.map((bot) => ({
        key: `bot-${bot.bot_id}`,
        group: 'Bots',
        primary: bot.name,
        secondary: stateOf(bot.status),
        to: viewBotPath(bot),
      })),
    });
  }
  if (reviews.data && reviewScope) {
    groups.push({
      group: 'Bots',
      total: reviews.data.total,
      hits: reviews.data.items.map((bot) => ({
        key: `review-${bot.bot_id}`,
        group: 'Bots',
        primary: bot.name,
        secondary: `${bot.partner_name} · ${stateOf(bot.carrier_status ?? bot.status)}`,
        to: reviewDetailsPath(reviewScope, bot),
      })),
    });
  }
  if (brands.data && canBrands) {
    groups.push({
      group: 'Brands',
      total: brands.data.total,
      hits: brands.data.items.map((brand) => ({
        key: `brand-${brand.brand_id}`,
        group: 'Brands',
        primary: brand.name,
        secondary:
          audience === 'developer'
            ? stateOf(brand.status)
            : `${brand.partner_name} · ${stateOf(brand.carrier_status ?? brand.status)}`,
        to: `${brandPage[audience]}?brandId=${encodeURIComponent(brand.brand_id)}`,
      })),
    });
  }
  if (templates.data && canTemplates) {
    groups.push({
      group: 'Templates',
      total: templates.data.total,
      hits: templates.data.items.map((template) => ({
        key: `template-${template.template_id}`,
        group: 'Templates',
        primary: template.name,
        secondary:
          audience === 'developer'
            ? `${template.bot_name} · ${stateOf(template.status)}`
            : `${template.partner_name} · ${template.bot_name} · ${stateOf(template.status)}`,
        to: templateDetailsPath(template.template_id, audience === 'platform'),
      })),
    });
  }
  if (partners.data && canPartners) {
    groups.push({
      group: 'Partners',
      total: partners.data.total,
      hits: partners.data.items.map((partner) => ({
        key: `partner-${partner.partner_id}`,
        group: 'Partners',
        primary: partner.name || partner.owner_email || 'Unnamed partner',
        secondary: `Aggregator · ${stateOf(partner.carrier_status ?? partner.status)}`,
        to: `${audience === 'carrier' ? '/billing/view-aggregator' : '/admin/viewAggregatorDetails'}?partnerId=${encodeURIComponent(partner.partner_id)}`,
      })),
    });
  }
  const asked = [bots, reviews, brands, templates, partners].filter((query) => query.fetchStatus !== 'idle');
  return {
    groups,
    loading: asked.length > 0,
    failed: [bots, reviews, brands, templates, partners].some((query) => query.isError),
  };
}

/** How many a subject has beyond what is shown, for its group's heading. */
function groupHeading(group: string, groups: GroupResult[]): string {
  const found = groups.filter((g) => g.group === group);
  const total = found.reduce((sum, g) => sum + g.total, 0);
  const shown = found.reduce((sum, g) => sum + g.hits.length, 0);
  return total > shown ? `${group} (first ${shown} of ${total}: type more to narrow)` : group;
}

/**
 * The results in the dialog's flow, under the field (not a floating popper): the dialog scrolls them,
 * and nothing covers the field's hint or spills out of the dialog.
 */
function InlineResults({ open, children, className, style }: PopperProps) {
  if (!open) return null;
  return (
    <div className={className} style={{ ...style, position: 'static' }}>
      {typeof children === 'function' ? null : children}
    </div>
  );
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const { groups, loading, failed } = useSubjectSearches(search);
  const options = groups.flatMap((group) => group.hits);
  const short = text.trim().length < MIN_LENGTH;
  const empty = short
    ? `Type at least ${MIN_LENGTH} characters of a name, or paste an id.`
    : failed
      ? 'The search could not be completed. Try again in a moment.'
      : `Nothing found for “${text.trim()}”.`;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { sm: 8 } } } }}
    >
      <DialogContent
        sx={{ minHeight: { xs: '100%', sm: 460 }, maxHeight: { sm: 'calc(100vh - 128px)' }, pt: 3 }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 2 }}>
          Search
        </Typography>
        <Autocomplete<SearchHit, false, false, false>
          open
          clearOnBlur={false}
          disablePortal
          autoHighlight
          options={options}
          groupBy={(option) => option.group}
          getOptionLabel={(option) => option.primary}
          getOptionKey={(option) => option.key}
          isOptionEqualToValue={(option, value) => option.key === value.key}
          filterOptions={(all) => all}
          inputValue={text}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setText(value);
          }}
          onChange={(_event, value) => {
            if (value) {
              onClose();
              navigate(value.to);
            }
          }}
          loading={loading}
          loadingText="Searching…"
          noOptionsText={empty}
          // Each subject a group of the listbox, named by its heading (what assistive tech reads).
          renderGroup={(params) => (
            // A listbox's groups are role=group (a fieldset has no place in a listbox).
            <Box
              component="li"
              key={params.key}
              role="group"
              aria-labelledby={`${titleId}-group-${params.key}`}
            >
              <Typography
                id={`${titleId}-group-${params.key}`}
                component="div"
                variant="overline"
                sx={{ px: 2, pt: 1, color: 'text.secondary', lineHeight: 2 }}
              >
                {groupHeading(params.group, groups)}
              </Typography>
              <Box component="ul" role="presentation" sx={{ p: 0 }}>
                {params.children}
              </Box>
            </Box>
          )}
          renderOption={({ key, ...props }, option) => (
            <Box
              component="li"
              key={key}
              {...props}
              sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}
            >
              <Typography component="span">{option.primary}</Typography>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {option.secondary}
              </Typography>
            </Box>
          )}
          slots={{ popper: InlineResults }}
          slotProps={{
            paper: { elevation: 0, sx: { border: 0, mt: 1 } },
            listbox: { sx: { maxHeight: 'none', py: 0 } },
          }}
          renderInput={(params) => (
            <AutocompleteInput
              params={params}
              autoFocus
              label="Bots, brands, templates and partners"
              placeholder="A name or an id"
              helperText="Enter opens the highlighted result; Esc closes."
            />
          )}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Whether a key press is typing into a field (then "/" is a character, not the search's shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's search (issue 26, point 8): bots, brands, templates and partners by name or id,
 * within what the caller's own lists show. Opens from its button, "/" or Ctrl+K. Loaded lazily by
 * the header, so no screen's bundle carries it.
 */
export default function GlobalSearch() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut =
        (event.key === '/' && !isTyping(event.target)) ||
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey));
      if (shortcut && !event.defaultPrevented) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title="Search (/)">
        <IconButton
          aria-label="Search bots, brands, templates and partners"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <SearchOutlined />
        </IconButton>
      </Tooltip>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
