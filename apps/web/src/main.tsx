import '@mantine/core/styles.css';
import '@/app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { guessBaseDomain } from '@/app/session/host.logic.ts';
import { reportError, startErrorReporting } from '@/lib/error-reporting.ts';
import { initI18n, syncHtmlLang } from '@/lib/i18n/i18n.ts';

startErrorReporting();
const hostname = window.location.hostname;
const baseDomain = guessBaseDomain(hostname);
initI18n(baseDomain === hostname ? null : baseDomain).then(syncHtmlLang, reportError);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
