import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useAuthSession } from '#web/lib/auth/auth-provider.tsx';

export const SIGN_OUT_EVERYWHERE_FAILED =
  'Could not reach the server, so no device was signed out. Try again when you are online.';

/**
 * Issue 29 §4 "Sign out of all devices" (OWASP ASVS V7.4): every sign-in of the person ends at
 * once (other browsers, a lost phone, their live connections), then this one, keeping answers not
 * sent yet for after the next sign-in.
 */
export function SignOutEverywhereControl() {
  const session = useAuthSession();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <>
      <Button
        variant="quiet"
        size="sm"
        className="on-dark"
        disabled={state === 'busy'}
        onClick={async () => {
          setState('busy');
          setState((await session.signOutEverywhere()) ? 'busy' : 'failed');
        }}
      >
        Sign out of all devices
      </Button>
      {state === 'failed' ? (
        <p className="logout-status" role="alert">
          {SIGN_OUT_EVERYWHERE_FAILED}
        </p>
      ) : null}
    </>
  );
}
