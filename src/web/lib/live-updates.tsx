import type { Client } from 'graphql-ws/client';
import { createContext, type ReactNode, use, useEffect, useRef, useState } from 'react';
import type { SignInEndCause } from '#domain/sign-in-end.ts';
import type { TypedDocumentString } from '#web/gql/graphql.ts';
import { createSubscriptionClient, liveUpdatesEnded, subscribeTo } from './graphql-subscriptions.ts';

/** After a subscription fails (connection lost for good, or refused), ask again after this pause. */
export const RESUBSCRIBE_AFTER_MS = 5000;

const LiveUpdatesContext = createContext<Client | null>(null);

/**
 * The app's one graphql-ws connection (issue 10): every screen's subscriptions share it. It opens
 * on the first subscription, closes when the last one ends, and authenticates each time it
 * (re)connects with the session's current ID token.
 */
export function LiveUpdatesProvider({
  getIdToken,
  onSignInEnded,
  children,
}: {
  getIdToken: () => Promise<string | null>;
  onSignInEnded?: (cause: SignInEndCause) => void;
  children: ReactNode;
}) {
  const [client] = useState(() =>
    createSubscriptionClient({ getIdToken, ...(onSignInEnded ? { onSignInEnded } : {}) }),
  );
  useEffect(() => () => void client.dispose(), [client]);
  return <LiveUpdatesContext value={client}>{children}</LiveUpdatesContext>;
}

/**
 * Subscribes while `enabled`, calling `onNext` with each result. A failed subscription is taken up
 * again after RESUBSCRIBE_AFTER_MS, for as long as the screen wants it (the built-in retry).
 */
export function useSubscription<TResult, TVariables extends Record<string, unknown>>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  { enabled = true, onNext }: { enabled?: boolean; onNext: (data: TResult) => void },
): void {
  const client = use(LiveUpdatesContext);
  if (!client) throw new Error('useSubscription() needs a <LiveUpdatesProvider> above it.');
  // The latest handler and variables, without resubscribing when only their identity changes.
  const handler = useRef(onNext);
  handler.current = onNext;
  const key = JSON.stringify(variables);
  const latestVariables = useRef(variables);
  latestVariables.current = variables;

  useEffect(() => {
    if (!enabled || key === undefined) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stop = () => {};
    const subscribe = () => {
      stop = subscribeTo(client, document, latestVariables.current, {
        next: (data) => handler.current(data),
        error: () => {
          // Issue 38 §5: not after the sign-in ended elsewhere (it would be refused every time).
          if (!stopped && !liveUpdatesEnded(client)) retry = setTimeout(subscribe, RESUBSCRIBE_AFTER_MS);
        },
      });
    };
    subscribe();
    return () => {
      stopped = true;
      clearTimeout(retry);
      stop();
    };
  }, [client, document, key, enabled]);
}
