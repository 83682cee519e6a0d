// First: its body starts a record visit's requests before the rest of the entry is evaluated.
import { earlyRecordVisit } from './app/early-start.ts';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreenOf } from './app/router.tsx';
import { startRoutePath } from './app/start-up-preload.ts';
import { createAuthSession } from './lib/auth/auth-session.ts';
import { completeSilentSignIn, isSilentSignInFrame } from './lib/auth/silent-sign-in.ts';
import { loadClientConfig } from './lib/client-config.ts';
import { createGraphQLClient } from './lib/graphql-client.ts';

/** How long the first render waits for the first screen's code and data before showing the loading state. */
const FIRST_SCREEN_WAIT_MS = 800;

async function start(root: HTMLElement) {
  const config = await loadClientConfig();
  if (isSilentSignInFrame()) {
    // The hidden frame of a quiet sign-in: hand the answer to the parent page, render nothing.
    await completeSilentSignIn(config);
    return;
  }
  document.title = config.productName;
  // Issue 15 §2: the first screen's code and its data are fetched side by side, before any render.
  const path = startRoutePath(window.location.hash);
  const firstScreen = preloadScreenOf(path).catch(() => {});
  const session = createAuthSession(config);
  const graphqlClient = createGraphQLClient({
    getIdToken: session.getIdToken,
    onSignInEnded: session.signInEnded,
  });
  // Handles a provider redirect first: it cleans the address bar before the router reads it.
  const started = session.start();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // One first render with the screen and its data, rather than a loading state and a second one.
  await Promise.race([
    Promise.all([firstScreen, earlyRecordVisit]),
    new Promise((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS))),
  ]);
  clearTimeout(timer);
  createRoot(root).render(<App config={config} session={session} graphqlClient={graphqlClient} />);
  await started;
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    console.error('The app could not start:', error);
    root.textContent = 'The app could not start. Please reload the page in a moment.';
  });
}
