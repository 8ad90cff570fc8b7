import '@mantine/core/styles.css';
import '@/app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { preloadRoute } from '@/app/router/route-preload.ts';
import { startBootCalls } from '@/app/session/boot-calls.ts';
import { guessBaseDomain, readHost } from '@/app/session/host.logic.ts';
import { reportError, startErrorReporting } from '@/lib/error-reporting.ts';
import { initI18n, syncHtmlLang } from '@/lib/i18n/i18n.ts';

startErrorReporting();
const hostname = window.location.hostname;
const baseDomain = guessBaseDomain(hostname);
// The session check, the host's config and company, the translations, then the first screen's code: started
// now, side by side, and the app rendered once they are in (index.html shows a spinner meanwhile).
const boot = startBootCalls(hostname);
const translations = initI18n(baseDomain === hostname ? null : baseDomain).then(syncHtmlLang, reportError);
const firstScreen = Promise.all([boot.user, translations]).then(([user]) =>
  preloadRoute(window.location.pathname, { user, platform: readHost(hostname, baseDomain).platform }),
);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
void Promise.allSettled([boot.settled, firstScreen]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
