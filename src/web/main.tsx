import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppQueryClient } from './app/query-client.ts';
import { completeSilentSignIn, createAuthSession, isSilentSignInFrame } from './lib/auth/auth-session.ts';
import { loadClientConfig } from './lib/client-config.ts';

async function start(root: HTMLElement) {
  const config = await loadClientConfig();
  if (isSilentSignInFrame()) {
    // The hidden frame of a quiet sign-in: hand the answer to the parent page, render nothing.
    await completeSilentSignIn(config);
    return;
  }
  document.title = config.productName;
  const session = createAuthSession(config);
  // Handles a provider redirect first: it cleans the address bar before the router reads it.
  const started = session.start();
  const queryClient = createAppQueryClient(session);
  createRoot(root).render(<App config={config} session={session} queryClient={queryClient} />);
  await started;
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    console.error('The app could not start:', error);
    root.textContent = 'The app could not start. Please reload the page in a moment.';
  });
}
