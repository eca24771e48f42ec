import type { LoadingState } from '@portico/domain';
import { useEffect, useState } from 'react';
import { completeSignIn } from '@/lib/auth/session';
import { errorMessage } from '@/lib/http/api-error';

export interface LoginCallbackState {
  /** Login state values of spec section 4. */
  status: LoadingState;
  error: string | null;
  /** Where to go once signed in. */
  redirectTo: string | null;
}

/** Completes the sign-in from the URL hash once, exposing the login state. */
export function useLoginCallback(hash: string): LoginCallbackState {
  const [state, setState] = useState<LoginCallbackState>({
    status: 'idle',
    error: null,
    redirectTo: null,
  });

  useEffect(() => {
    let active = true;
    setState({ status: 'loading', error: null, redirectTo: null });
    completeSignIn(hash).then(
      (redirectTo) => {
        if (active) setState({ status: 'success', error: null, redirectTo });
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', error: errorMessage(error), redirectTo: null });
      },
    );
    return () => {
      active = false;
    };
  }, [hash]);

  return state;
}
