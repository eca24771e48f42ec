import { useCallback, useRef, useState } from 'react';

export interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

/**
 * A one-shot server call with pending and error state (what useMutation gives). Written here rather
 * than with TanStack's useMutation so the wallet's route chunk does not make the bundler split the
 * shell's query-client chunk (which costs the shell bytes on every page).
 */
export function useAction<I, R>(run: (input: I) => Promise<R>, onDone?: (result: R) => void) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  const runRef = useRef(run);
  runRef.current = run;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const mutate = useCallback((input: I, callbacks: ActionCallbacks<R> = {}) => {
    setState({ isPending: true, error: null });
    runRef.current(input).then(
      (result) => {
        setState({ isPending: false, error: null });
        doneRef.current?.(result);
        callbacks.onSuccess?.(result);
      },
      (error: unknown) => {
        setState({ isPending: false, error });
        callbacks.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending: state.isPending, isError: state.error !== null, error: state.error };
}
