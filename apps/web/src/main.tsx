import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// The toasts' styles as a file, not sonner's inline <style> (CSP style-src 'self'; vite.config.ts).
import 'sonner/dist/styles.css';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
