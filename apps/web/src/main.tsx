import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/overlays.css';
import './styles/controls.css';
import './styles/shell.css';
import './styles/page-frame.css';
import './styles/auth.css';
import './styles/pages.css';
import './styles/panels.css';
import './styles/progress.css';
import { PRODUCT_NAME } from '@docent/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

document.title = PRODUCT_NAME;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
