import '@/theme/fonts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { reloadOnStaleBuild } from '@/lib/stale-build';

reloadOnStaleBuild();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first render as a transition: React yields to the browser every few milliseconds while it
// builds the page, instead of one long task that blocks input (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
