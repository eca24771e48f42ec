import { useLocation } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { BrandsList, type BrandTab } from '../components/BrandsList';

const PLATFORM_TABS: readonly BrandTab[] = [
  { label: 'Submitted', status: 'submitted', slug: 'waiting' },
  { label: 'Forwarded', status: 'forwarded' },
  { label: 'Pending from carriers', status: 'approved_pending_carrier' },
  { label: 'Approved', status: 'approved', slug: 'approved' },
  { label: 'Rejected', status: 'rejected', slug: 'rejected' },
  { label: 'All', status: undefined },
];
const CARRIER_TABS: readonly BrandTab[] = [
  { label: 'To review', status: 'to_be_approved_by_carrier', slug: 'waiting' },
  { label: 'Approved', status: 'approved', slug: 'approved' },
  { label: 'Rejected', status: 'rejected', slug: 'rejected' },
  { label: 'All', status: undefined },
];

/** BRANDS for reviewers: /admin/my-brands (every submitted brand) and /billing/my-brands (the carrier's network). */
export default function ReviewBrandsPage() {
  const carrier = useLocation().pathname.startsWith('/billing');
  const prefix = carrier ? '/billing' : '/admin';
  return (
    <PageFrame
      title="Brands"
      breadcrumbs={[
        {
          label: carrier ? 'Carrier console' : 'Admin console',
          to: carrier ? '/billing/my-billing' : '/admin/dashboard',
        },
      ]}
      description={
        carrier
          ? 'Brands forwarded to your network: approve or reject each for your network.'
          : 'Brands submitted by developers and aggregators: forward them to the carriers, approve or reject.'
      }
    >
      <BrandsList
        tabs={carrier ? CARRIER_TABS : PLATFORM_TABS}
        showCarrierStatus={carrier}
        viewPath={(brandId) => `${prefix}/view-brand?brandId=${brandId}`}
      />
    </PageFrame>
  );
}
