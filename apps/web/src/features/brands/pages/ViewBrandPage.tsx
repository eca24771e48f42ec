import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { useOwnNetworkName } from '@/lib/queries/partner-details';
import { RcsAgentPreview } from '@/lib/rich-message/AgentPreview';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { type DecisionChoice, DecisionDialog } from '@/lib/ui/DecisionDialog';
import { DecisionEffects } from '@/lib/ui/DecisionEffects';
import { type PageSection, SectionNav, StickyActionBar } from '@/lib/ui/DetailLayout';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { type BrandDecision, useDecideBrand } from '../api/brand-decisions';
import { brandQueryOptions } from '../api/get-brand';
import { BrandHistory } from '../components/BrandHistory';
import { BrandSummary } from '../components/BrandSummary';

type Action = 'forward' | 'approve' | 'reject';

const SECTIONS: readonly PageSection[] = [
  { id: 'brand-summary', label: 'Brand' },
  { id: 'brand-carriers', label: 'Carriers' },
  { id: 'brand-documents', label: 'Documents' },
  { id: 'brand-preview', label: 'As users see it' },
  { id: 'brand-history', label: 'History' },
];
const CHOICES: Record<Action, DecisionChoice> = {
  forward: { label: 'Forward to carriers', reasonRequired: false, tone: 'primary' },
  approve: { label: 'Approve', reasonRequired: false, tone: 'success' },
  reject: { label: 'Reject', reasonRequired: true, tone: 'error' },
};

/** /admin/view-brand and /billing/view-brand: one brand, its history, and the reviewer's decisions. */
export default function ViewBrandPage() {
  const carrier = useLocation().pathname.startsWith('/billing');
  const brandId = useSearchParams()[0].get('brandId') ?? '';
  const brand = useQuery({ ...brandQueryOptions(brandId), enabled: brandId !== '' });
  const canDecide = useCan(carrier ? 'brands.carrier-review' : 'brands.review');
  const network = useOwnNetworkName();
  const decide = useDecideBrand();
  const [choosing, setChoosing] = useState<Action | null>(null);
  const crumbs = [
    carrier ? { label: 'Brands', to: '/billing/my-brands' } : { label: 'Brands', to: '/admin/my-brands' },
  ];
  if (!brandId) {
    return (
      <PageFrame title="Brand" breadcrumbs={crumbs}>
        <Alert severity="warning">No brand is chosen: open one from the list of brands.</Alert>
      </PageFrame>
    );
  }
  if (brand.isPending) return <CenteredStatus label="Loading the brand…" />;
  if (brand.isError) {
    return (
      <PageFrame title="Brand" breadcrumbs={crumbs}>
        <Alert severity="error">{errorMessage(brand.error)}</Alert>
      </PageFrame>
    );
  }
  const data = brand.data;
  const offered = canDecide ? (data.allowed_actions.filter((a) => a in CHOICES) as Action[]) : [];
  const confirm = (action: Action, reason: string | undefined) => {
    const decision: BrandDecision = carrier
      ? { kind: 'carrier', action: action === 'reject' ? 'reject' : 'approve', reason }
      : { kind: 'platform', action, reason };
    decide.mutate({ brandId, decision }, { onSuccess: () => setChoosing(null) });
  };
  return (
    <PageFrame
      title={data.name}
      breadcrumbs={crumbs}
      description={
        carrier ? `Review the brand and decide for ${network}.` : 'Review the brand for the platform.'
      }
    >
      <Stack spacing={3}>
        <SectionNav sections={SECTIONS} />
        {decide.isError && choosing === null && <Alert severity="error">{errorMessage(decide.error)}</Alert>}
        <BrandSummary brand={data} />
        <Paper
          variant="outlined"
          component="section"
          id="brand-preview"
          aria-labelledby="brand-preview-title"
          sx={{ p: 2, scrollMarginTop: 80 }}
        >
          <Typography id="brand-preview-title" variant="h2" sx={{ mb: 0.5 }}>
            As users see it
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            The brand's name, logo and contacts as a handset shows them on its bots' information card.
          </Typography>
          <RcsAgentPreview
            values={{
              displayName: data.name,
              description: data.description ?? '',
              brandColor: '',
              logoUrl: data.logo_url,
              bannerUrl: null,
              phones: data.contact_phone ? [{ number: data.contact_phone, label: data.contact_name }] : [],
              emails: data.contact_email ? [{ address: data.contact_email, label: data.contact_name }] : [],
              websites: data.website ? [{ url: data.website, label: 'Website' }] : [],
            }}
          />
        </Paper>
        <BrandHistory brandId={brandId} />
        {offered.length > 0 && (
          <StickyActionBar
            label={`Decisions on ${data.name}`}
            note={
              <DecisionEffects subject="brand" scope={carrier ? 'carrier' : 'platform'} offered={offered} />
            }
          >
            {offered.map((action) => (
              <Button
                key={action}
                variant={action === 'reject' ? 'outlined' : 'contained'}
                color={CHOICES[action].tone}
                // error.main is a shape colour: as text it misses WCAG AA contrast on white.
                sx={action === 'reject' ? { color: 'error.dark', borderColor: 'error.dark' } : undefined}
                onClick={() => {
                  decide.reset();
                  setChoosing(action);
                }}
              >
                {CHOICES[action].label}
              </Button>
            ))}
          </StickyActionBar>
        )}
      </Stack>
      {choosing && (
        <DecisionDialog
          subjectName={data.name}
          choice={CHOICES[choosing]}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) => confirm(choosing, reason)}
          onClose={() => setChoosing(null)}
        />
      )}
    </PageFrame>
  );
}
