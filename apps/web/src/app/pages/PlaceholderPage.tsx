import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import {
  ADMIN_BAR,
  ADMIN_HOME,
  activeNavItemId,
  CARRIER_BAR,
  CARRIER_HOME,
  DEVELOPER_BAR,
  DEVELOPER_HOME,
  type PageArea,
  type PageRoute,
} from '@portico/domain';
import { useLocation } from 'react-router';
import { EmptyState } from '@/lib/ui/EmptyState';
import { type Crumb, PageFrame } from '@/lib/ui/PageFrame';

const AREA_CRUMB: Record<PageArea, Crumb> = {
  developer: { label: 'Developer console', to: DEVELOPER_HOME },
  carrier: { label: 'Carrier console', to: CARRIER_HOME },
  admin: { label: 'Platform admin', to: ADMIN_HOME },
  'first-time': { label: 'Account setup' },
  public: { label: 'Home', to: '/' },
};

const AREA_BAR = { developer: DEVELOPER_BAR, carrier: CARRIER_BAR, admin: ADMIN_BAR } as const;

const titleCase = (label: string) => label.toLowerCase().replace(/(^|\s)\S/g, (c) => c.toUpperCase());

function crumbsFor(route: PageRoute, pathname: string): Crumb[] {
  const crumbs = [AREA_CRUMB[route.area]];
  if (route.area === 'developer' || route.area === 'carrier' || route.area === 'admin') {
    const bar = AREA_BAR[route.area];
    const section = bar.find((item) => item.id === activeNavItemId(bar, pathname));
    if (section && section.path !== route.path && section.path !== crumbs[0]?.to) {
      crumbs.push({ label: titleCase(section.label), to: section.path });
    }
  }
  return crumbs;
}

/**
 * A page whose screen belongs to a later capability: its frame and an honest empty state naming
 * the capability that builds it. No sample data.
 */
export default function PlaceholderPage({ route }: { route: PageRoute }) {
  const { pathname } = useLocation();
  return (
    <PageFrame title={route.title} breadcrumbs={crumbsFor(route, pathname)}>
      <EmptyState
        icon={<ConstructionOutlined />}
        title="Nothing here yet"
        message={
          route.capability
            ? `The ${route.title} screen arrives with the ${route.capability} capability. Nothing is listed here yet.`
            : `The ${route.title} screen is not built yet. Nothing is listed here yet.`
        }
      />
    </PageFrame>
  );
}
