import { PageFrame } from '@/lib/ui/PageFrame';
import { TemplatesList, type TemplateTab } from '../components/TemplatesList';
import { templateDetailsPath } from '../components/template-paths';

const TABS: readonly TemplateTab[] = [
  { label: 'Pending', status: 'pending' },
  { label: 'Approved', status: 'approved' },
  { label: 'Rejected', status: 'rejected' },
  { label: 'All', status: undefined },
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
