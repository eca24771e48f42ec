import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { BRAND_EDITABLE_STATES, type BrandState, type TBrand } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { useDecideBrand } from '../api/brand-decisions';
import { useDeleteBrand } from '../api/brand-files';
import { brandQueryOptions } from '../api/get-brand';
import { BrandFiles } from '../components/BrandFiles';
import { BrandForm } from '../components/BrandForm';
import { BrandHistory } from '../components/BrandHistory';
import { BrandSummary } from '../components/BrandSummary';

const CRUMBS = [
  { label: 'Developer console', to: '/u/dashboard' },
  { label: 'My Brands', to: '/u/my-brands' },
];

/** /u/update-brand: create a brand, or (with ?brandId=) see, change, submit and verify one. */
export default function UpdateBrandPage() {
  const [params] = useSearchParams();
  const brandId = params.get('brandId');
  const navigate = useNavigate();
  const saved = (brand: TBrand) => navigate(`/u/update-brand?brandId=${brand.brand_id}`, { replace: true });
  if (!brandId) {
    return (
      <PageFrame
        title="Create Brand"
        breadcrumbs={CRUMBS}
        description="Save the brand, then add its logo and documents and submit it."
      >
        <BrandForm brand={null} onSaved={saved} />
      </PageFrame>
    );
  }
  return <ExistingBrand brandId={brandId} onSaved={saved} />;
}

function ExistingBrand({ brandId, onSaved }: { brandId: string; onSaved: (brand: TBrand) => void }) {
  const brand = useQuery(brandQueryOptions(brandId));
  const canWrite = useCan('brands.write');
  const decide = useDecideBrand();
  const remove = useDeleteBrand();
  const navigate = useNavigate();
  if (brand.isPending) return <CenteredStatus label="Loading the brand…" />;
  if (brand.isError) {
    return (
      <PageFrame title="Brand" breadcrumbs={CRUMBS}>
        <Alert severity="error">{errorMessage(brand.error)}</Alert>
      </PageFrame>
    );
  }
  const data = brand.data;
  const editable = canWrite && BRAND_EDITABLE_STATES.includes(data.status.key as BrandState);
  const verified = data.verification?.state === 'VERIFICATION_STATE_VERIFIED';
  const run = (kind: 'submit' | 'verify' | 'refresh-verification') =>
    decide.mutate({ brandId, decision: { kind } });
  const actions = canWrite ? (
    <>
      {data.allowed_actions.includes('submit') && (
        <Button variant="contained" onClick={() => run('submit')} disabled={decide.isPending}>
          Submit for review
        </Button>
      )}
      {!verified && (
        <Button
          variant="outlined"
          onClick={() => run(data.verification ? 'refresh-verification' : 'verify')}
          disabled={decide.isPending}
        >
          {data.verification ? 'Refresh verification' : 'Verify with the network'}
        </Button>
      )}
      {!data.bot_launched && ['draft', 'rejected'].includes(data.status.key) && (
        <Button
          color="error"
          sx={{ color: 'error.dark' }}
          onClick={() => remove.mutate(brandId, { onSuccess: () => navigate('/u/my-brands') })}
          disabled={remove.isPending}
        >
          Delete
        </Button>
      )}
    </>
  ) : undefined;
  return (
    <PageFrame
      title={data.name}
      breadcrumbs={CRUMBS}
      description="Brand details, documents, verification and history."
    >
      <Stack spacing={3}>
        {(decide.isError || remove.isError) && (
          <Alert severity="error">{errorMessage(decide.error ?? remove.error)}</Alert>
        )}
        <BrandSummary brand={data} actions={actions} />
        {editable && <BrandFiles brand={data} />}
        {editable && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <BrandForm key={data.updated_at} brand={data} onSaved={onSaved} />
          </Paper>
        )}
        <BrandHistory brandId={brandId} />
      </Stack>
    </PageFrame>
  );
}
