import { PageFrame } from '@/lib/ui/PageFrame';
import { TemplatesList, type TemplateTab } from '../components/TemplatesList';
import { templateDetailsPath } from '../components/template-paths';

const TABS: readonly TemplateTab[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'all', label: 'All' },
];

/** /admin/templates: the templates submitted to the platform, by state (RCS ones are decided here). */
export default function ReviewTemplatesPage() {
  return (
    <PageFrame
      title="Templates"
      breadcrumbs={[
        { label: 'Admin console', to: '/admin/dashboard' },
        { label: 'Bots', to: '/admin/bots' },
      ]}
      description="Templates submitted by developers and aggregators: approve or reject RCS templates; Meta decides WhatsApp ones."
    >
      <TemplatesList tabs={TABS} showPartner viewPath={(id) => templateDetailsPath(id, true)} />
    </PageFrame>
  );
}
