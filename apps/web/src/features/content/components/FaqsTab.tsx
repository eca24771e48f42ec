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
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { SafeHtml } from '@/lib/ui/SafeHtml';
import { useFaqs } from '../api/faqs';
import { ContentToolbar, useContentFilters } from './ContentToolbar';
import { ManageControls } from './ManageControls';

// The editor (a form with its kit) loads only when someone opens it: most readers never do.
const FaqDialog = lazy(() => import('./FaqDialog').then((m) => ({ default: m.FaqDialog })));

/** FAQs (Help & Support): full-text search, categories, sanitised answers and the support mailbox. */
export function FaqsTab() {
  const filters = useContentFilters(25);
  const { paging, settled, category } = filters;
  const [editing, setEditing] = useState<TFaq | 'new' | null>(null);
  const query = useFaqs(filters.window, filters.params);
  const supportEmail = query.data?.support_email;

  return (
    <Box>
      <ContentToolbar
        label="Search FAQs"
        filters={filters}
        categories={FAQ_CATEGORY_LABELS}
        addLabel="Add FAQ"
        onAdd={() => setEditing('new')}
      />
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
      {editing && (
        <Suspense fallback={null}>
          <FaqDialog faq={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Box>
  );
}
