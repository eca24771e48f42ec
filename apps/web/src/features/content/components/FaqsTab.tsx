import ExpandMore from '@mui/icons-material/ExpandMore';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FAQ_CATEGORY_LABELS, type TFaq } from '@portico/domain';
import { useState } from 'react';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { SafeHtml } from '@/lib/ui/SafeHtml';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFaqs } from '../api/faqs';
import { ContentSearch } from './ContentSearch';
import { FaqDialog } from './FaqDialog';
import { ManageControls } from './ManageControls';

/** FAQs (Help & Support): full-text search, categories, sanitised answers and the support mailbox. */
export function FaqsTab() {
  const paging = usePaging(25);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [drafts, setDrafts] = useState(false);
  const [editing, setEditing] = useState<TFaq | 'new' | null>(null);
  const canManage = useCan('content.manage');
  const settled = useDebouncedValue(search.trim());
  const query = useFaqs(
    { start: paging.page * paging.pageSize, end: (paging.page + 1) * paging.pageSize },
    {
      search: settled || undefined,
      category: category || undefined,
      include_unpublished: drafts ? 'true' : undefined,
    },
  );
  const supportEmail = query.data?.support_email;

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <ContentSearch
          label="Search FAQs"
          search={search}
          onSearch={(value) => {
            setSearch(value);
            paging.setPage(0);
          }}
          categories={FAQ_CATEGORY_LABELS}
          category={category}
          onCategory={(value) => {
            setCategory(value);
            paging.setPage(0);
          }}
          drafts={drafts}
          onDrafts={setDrafts}
        />
        {canManage && (
          <Box>
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add FAQ
            </Button>
          </Box>
        )}
      </Box>
      <ListStatus
        query={query}
        noun="FAQs"
        empty={
          <EmptyState
            icon={<QuizOutlined />}
            title={settled || category ? 'No FAQs match' : 'No FAQs yet'}
            message={
              settled || category
                ? 'Try other words, or write to support below.'
                : 'Answers to common questions appear here once published.'
            }
          />
        }
      >
        {({ items, total }) => {
          const ids = items.map((item) => item.id);
          return (
            <>
              {items.map((faq, index) => (
                <Accordion key={faq.id} disableGutters variant="outlined">
                  <AccordionSummary
                    expandIcon={<ExpandMore />}
                    aria-controls={`faq-${faq.id}`}
                    id={`faq-${faq.id}-q`}
                  >
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
                        {faq.question}
                      </Typography>
                      <Chip size="small" variant="outlined" label={FAQ_CATEGORY_LABELS[faq.category]} />
                    </Box>
                  </AccordionSummary>
                  <AccordionDetails id={`faq-${faq.id}`}>
                    <SafeHtml html={faq.answer_html} sx={{ '& p': { mt: 0 } }} />
                    <ManageControls
                      kind="faqs"
                      id={faq.id}
                      name={faq.question}
                      published={faq.published}
                      position={{ ids, index }}
                    >
                      <Button size="small" onClick={() => setEditing(faq)}>
                        Edit
                      </Button>
                    </ManageControls>
                  </AccordionDetails>
                </Accordion>
              ))}
              <ListPagination paging={paging} count={total} />
            </>
          );
        }}
      </ListStatus>
      {supportEmail && (
        <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
          <Typography variant="body2">
            Still stuck? Write to our support team at{' '}
            <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>.
          </Typography>
        </Paper>
      )}
      {editing && <FaqDialog faq={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
