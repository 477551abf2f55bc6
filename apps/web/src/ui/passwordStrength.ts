// The shared password policy's verdict on what the customer types (packages/contract password-rules.ts). The
// estimator and its dictionaries (about 1 MB) load on the first screen that sets a password, not with the app.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { PasswordOwner, PasswordVerdict } from '@tradewind/contract';

type Estimator = typeof import('@tradewind/contract/password-strength');
let loading: Promise<Estimator> | undefined;

/** The verdict on `password` for `owner`, or undefined while it is empty or the estimator still loads. */
export function usePasswordVerdict(password: string, owner: PasswordOwner = {}): PasswordVerdict | undefined {
  const [estimator, setEstimator] = useState<Estimator>();
  useEffect(() => {
    let live = true;
    loading ??= import('@tradewind/contract/password-strength');
    loading.then(
      (module) => live && setEstimator(module),
      // Offline or a failed chunk: no meter; the server still checks and says why.
      () => (loading = undefined),
    );
    return () => {
      live = false;
    };
  }, []);
  // Typing stays responsive: the estimate follows a keystroke behind when the machine is slow.
  const typed = useDeferredValue(password);
  const { userName, email } = owner;
  return useMemo(
    () => (estimator && typed ? estimator.assessPassword(typed, { userName, email }) : undefined),
    [estimator, typed, userName, email],
  );
}
