import { StrictMode, useMemo } from 'react';
import { HashRouter } from 'react-router';
import type { ClientConfig } from '#domain/client-config.ts';
import { CurtainTransitionProvider } from '#web/components/ui/curtain-transition.tsx';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { AuthProvider } from '#web/lib/auth/auth-provider.tsx';
import type { AuthSession } from '#web/lib/auth/auth-session.ts';
import { ClientConfigProvider } from '#web/lib/client-config-context.tsx';
import { createGraphQLClient, type GraphQLClient } from '#web/lib/graphql-client.ts';
import { GraphQLClientProvider } from '#web/lib/graphql-client-context.tsx';
import { LiveUpdatesProvider } from '#web/lib/live-updates.tsx';
import { AppRoutes } from './router.tsx';

export interface AppProps {
  config: ClientConfig;
  session: AuthSession;
  /** Made at start-up when the first route's data is asked for early (main.tsx); else here. */
  graphqlClient?: GraphQLClient;
}

/** Every provider the screens rely on, outermost first. */
export function App({ config, session, graphqlClient: given }: AppProps) {
  const graphqlClient = useMemo(
    () =>
      given ?? createGraphQLClient({ getIdToken: session.getIdToken, onSignInEnded: session.signInEnded }),
    [given, session],
  );
  return (
    <StrictMode>
      <ClientConfigProvider config={config}>
        <AuthProvider session={session}>
          <GraphQLClientProvider client={graphqlClient}>
            <LiveUpdatesProvider getIdToken={session.getIdToken} onSignInEnded={session.signInEnded}>
              <ToastProvider>
                <CurtainTransitionProvider>
                  <HashRouter>
                    <AppRoutes />
                  </HashRouter>
                </CurtainTransitionProvider>
              </ToastProvider>
            </LiveUpdatesProvider>
          </GraphQLClientProvider>
        </AuthProvider>
      </ClientConfigProvider>
    </StrictMode>
  );
}
