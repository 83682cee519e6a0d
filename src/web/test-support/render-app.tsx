import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '#web/app/app.tsx';
import { createAuthSession } from '#web/lib/auth/auth-session.ts';
import {
  type FakeNetworkOptions,
  fakeNetwork,
  storeSignedInUser,
  type TestIdentity,
  testConfig,
} from './fake-identity-provider.ts';

/** The whole client as main.tsx starts it, at a route, with the network answered at `fetch`. */
export function renderApp(route: string, options: FakeNetworkOptions & { signedIn?: TestIdentity } = {}) {
  history.replaceState(null, '', `/#${route}`);
  const idToken = options.signedIn ? storeSignedInUser(options.signedIn) : null;
  const network = fakeNetwork({ provider: false, ...options });
  vi.stubGlobal('fetch', network.fetch);
  const session = createAuthSession(testConfig);
  void session.start();
  render(<App config={testConfig} session={session} />);
  return { network, idToken };
}
