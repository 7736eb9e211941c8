import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/app/global.css';
import '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { restoreCarriedNotifications } from '@/lib/notify';
import { startServiceWorker } from '@/lib/service-worker';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
restoreCarriedNotifications();
void startServiceWorker();
