import type { BRAND_CARRIER_TABS, BRAND_PLATFORM_TABS } from '@portico/domain';
import { useLocation } from 'react-router';
import { useOwnNetworkName } from '@/lib/queries/partner-details';
import { PageFrame } from '@/lib/ui/PageFrame';
import { BrandsList, type BrandTab } from '../components/BrandsList';

const PLATFORM_TABS: readonly (BrandTab & { key: (typeof BRAND_PLATFORM_TABS)[number] })[] = [
  { key: 'submitted', label: 'Submitted', slug: 'waiting' },
  { key: 'forwarded', label: 'Forwarded' },
  { key: 'approved_pending_carrier', label: 'Pending from carriers' },
  { key: 'approved', label: 'Approved', slug: 'approved' },
  { key: 'rejected', label: 'Rejected', slug: 'rejected' },
  { key: 'all', label: 'All' },
];
const CARRIER_TABS: readonly (BrandTab & { key: (typeof BRAND_CARRIER_TABS)[number] })[] = [
  { key: 'to_be_approved_by_carrier', label: 'To review', slug: 'waiting' },
  { key: 'approved', label: 'Approved', slug: 'approved' },
  { key: 'rejected', label: 'Rejected', slug: 'rejected' },
  { key: 'all', label: 'All' },
];

/** BRANDS for reviewers: /admin/my-brands (every submitted brand) and /billing/my-brands (the carrier's network). */
export default function ReviewBrandsPage() {
  const carrier = useLocation().pathname.startsWith('/billing');
  const network = useOwnNetworkName();
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
          ? `Brands forwarded to ${network}: approve or reject each for ${network}.`
          : 'Brands submitted by developers and aggregators: forward them to the carriers, approve or reject.'
      }
    >
      <BrandsList
        tabs={carrier ? CARRIER_TABS : PLATFORM_TABS}
        showCarrierStatus={carrier}
        review={carrier ? 'carrier' : 'platform'}
        viewPath={(brandId) => `${prefix}/view-brand?brandId=${brandId}`}
      />
    </PageFrame>
  );
}
