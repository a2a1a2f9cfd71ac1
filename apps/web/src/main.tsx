import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureApp } from './app/configure';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element not found');

// index.html shows the boot screen meanwhile.
void configureApp().then(() => {
  const root = createRoot(rootElement);
  // A transition: React renders the first screen in slices and lets the browser in between, where
  // an ordinary first render is one task (on a phone, the longest of the load: Lighthouse's
  // blocking time is what such tasks add up, issue 33). The boot screen stays until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
