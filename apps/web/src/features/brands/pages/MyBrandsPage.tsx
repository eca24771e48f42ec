import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { BrandsList } from '../components/BrandsList';

const CRUMBS = [{ label: 'Developer console', to: '/u/dashboard' }];
const CREATE = '/u/update-brand';

/** MY BRANDS (/u/my-brands): the partner's brands, searchable, by status, with the way to create one. */
export default function MyBrandsPage() {
  const canWrite = useCan('brands.write');
  return (
    <PageFrame
      title="My Brands"
      breadcrumbs={CRUMBS}
      description="The brands your bots speak for. Carriers verify each brand before its bots launch."
      actions={
        canWrite ? (
          <Button component={RouterLink} to={CREATE} variant="contained" startIcon={<AddOutlined />}>
            Create brand
          </Button>
        ) : undefined
      }
    >
      <BrandsList
        showPartner={false}
        viewPath={(brandId) => `/u/update-brand?brandId=${brandId}`}
        {...(canWrite ? { createPath: CREATE } : {})}
      />
    </PageFrame>
  );
}
