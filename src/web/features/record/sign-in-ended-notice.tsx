import { useEffect } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth, useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import { GraphQLRequestError } from '#web/lib/graphql-client.ts';
import { SIGN_IN_ENDED_ON_LOAD_TEXT, SIGN_IN_ENDED_TEXT, SIGN_IN_ENDED_TITLE } from './record-messages.ts';

/** Whether the server refused the sign-in itself (401), rather than the request. */
export function isSignInRefused(error: unknown): boolean {
  return error instanceof GraphQLRequestError && error.status === 401;
}

/**
 * Issue 26 §1: the server refused this sign-in (the person logged out on another device, which
 * ends every sign-in, or it expired). Said at once, with the way back: signing in again returns to
 * this record (the provider redirect carries the route), and the kept answers are sent then.
 */
export function SignInEndedNotice({ onLoad = false }: { onLoad?: boolean }) {
  const { login, signInEnded } = useAuth();
  const session = useAuthSession();
  // Issue 30 §6: when the person was erased (on another device, or by an admin), there is no
  // sign-in to return to and nothing to send: the page forgets it all and says what happened.
  useEffect(() => {
    void import('#web/lib/auth/erased-account.ts').then((m) => m.endIfErased(session));
  }, [session]);
  // Issue 38 §5: the shell's notice names the cause already (app-shell.tsx).
  if (signInEnded) return null;
  return (
    <section className="record-screen__notice record-screen__notice--sign-in" role="alert">
      <h2>{SIGN_IN_ENDED_TITLE}</h2>
      <p>{onLoad ? SIGN_IN_ENDED_ON_LOAD_TEXT : SIGN_IN_ENDED_TEXT}</p>
      <Button onClick={() => void login()}>Sign in again</Button>
    </section>
  );
}
