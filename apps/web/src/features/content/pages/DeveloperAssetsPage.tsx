import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { DownloadsTab } from '../components/DownloadsTab';
import { FaqsTab } from '../components/FaqsTab';
import { SampleFilesTab } from '../components/SampleFilesTab';
import { VideosTab } from '../components/VideosTab';

/** The tabs, each at its own path under /developer-assets ("Downloads" in the profile menu is the first). */
const TABS = [
  { id: 'downloads', label: 'Downloads', path: '/developer-assets', Panel: DownloadsTab },
  {
    id: 'sample-files',
    label: 'Sample files',
    path: '/developer-assets/sample-files',
    Panel: SampleFilesTab,
  },
  { id: 'faqs', label: 'FAQs', path: '/developer-assets/faqs', Panel: FaqsTab },
  { id: 'videos', label: 'Videos', path: '/developer-assets/videos', Panel: VideosTab },
] as const;

function tabOf(pathname: string) {
  const rest = pathname.replace(/^\/developer-assets\/?/, '').split('/')[0] ?? '';
  return TABS.find((tab) => tab.id === rest) ?? TABS[0];
}

/** /developer-assets: downloads, sample files, FAQs (Help & Support) and videos, for every signed-in audience. */
export default function DeveloperAssetsPage() {
  const { pathname } = useLocation();
  const current = tabOf(pathname);
  const { Panel } = current;
  return (
    <PageFrame
      title="Developer Assets"
      description="SDKs, guides, sample files, answers to common questions and video guides."
    >
      <Tabs
        value={current.id}
        aria-label="Developer assets"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.id}
            value={tab.id}
            label={tab.label}
            component={RouterLink}
            to={tab.path}
            id={`tab-${tab.id}`}
            aria-controls="developer-assets-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="developer-assets-panel" aria-labelledby={`tab-${current.id}`}>
        <Panel />
      </Box>
    </PageFrame>
  );
}
