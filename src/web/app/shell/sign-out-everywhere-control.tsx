import { type ReactNode, useState } from 'react';
import { useAuthSession } from '#web/lib/auth/auth-provider.tsx';

export const SIGN_OUT_EVERYWHERE_FAILED =
  'Could not reach the server, so no device was signed out. Try again when you are online.';

/**
 * Issue 29 §4 "Sign out of all devices" (OWASP ASVS V7.4): every sign-in of the person ends at
 * once (other browsers, a lost phone, their live connections), then this one, keeping answers not
 * sent yet for after the next sign-in. Issue 44 §1: started from the account menu; the failure is
 * said in the header, which stays when the menu closes.
 */
export function useSignOutEverywhere(): { signOutEverywhere: () => void; busy: boolean; notices: ReactNode } {
  const session = useAuthSession();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const signOutEverywhere = async () => {
    setState('busy');
    setState((await session.signOutEverywhere()) ? 'busy' : 'failed');
  };
  const notices =
    state === 'failed' ? (
      <p className="logout-status" role="alert">
        {SIGN_OUT_EVERYWHERE_FAILED}
      </p>
    ) : null;
  return { signOutEverywhere: () => void signOutEverywhere(), busy: state === 'busy', notices };
}
