// Field errors of a form, shared by every form of the app: the client's own checks, the server's answers put
// on the field they are about, and focus on the first invalid field after a refused submit.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';

export type Errors<K extends string> = Partial<Record<K, string>>;

const hasAny = (errors: Errors<string>) => Object.values(errors).some(Boolean);

/**
 * Moves focus to the first invalid field of `form` in reading order and scrolls it into view, so a refused
 * submit never leaves the customer looking at a button while the message sits off screen.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  const invalid = form?.querySelector('[aria-invalid="true"], .field-invalid');
  if (!invalid) return;
  // A control, or an element made focusable for it (a signature pad's canvas), takes the focus itself.
  const target =
    invalid instanceof HTMLInputElement ||
    invalid instanceof HTMLSelectElement ||
    invalid instanceof HTMLTextAreaElement ||
    (invalid instanceof HTMLElement && invalid.hasAttribute('tabindex'))
      ? invalid
      : // Inside a marked group, its invalid control first (a stepper's input, not its "−" button).
        (invalid.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        invalid.querySelector<HTMLElement>(
          'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)',
        ));
  const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  (target ?? (invalid as HTMLElement)).scrollIntoView({
    block: 'center',
    behavior: calm ? 'auto' : 'smooth',
  });
  target?.focus({ preventScroll: true });
}

/**
 * For forms that keep their own error state: a ref for the form and a call that focuses its first invalid
 * field once the next render has marked it.
 */
export function useInvalidFocus<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) focusFirstInvalid(formRef.current);
  }, [request]);
  return { formRef, focusFirst: useCallback(() => setRequest((n) => n + 1), []) };
}

/**
 * Maps a failed call to the form: the field messages of a validation answer, a catalogue code that is about
 * one field (`codeFields`, e.g. 10027 "Email already exists" → email), else one message for the whole form.
 */
export function serverErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
  codeFields: Readonly<Record<string, K>> = {},
): { fieldErrors: Errors<K>; formError: string | null } {
  if (!(error instanceof ApiError))
    return { fieldErrors: {}, formError: error instanceof Error ? error.message : null };
  const fieldErrors: Errors<K> = {};
  for (const name of fields) {
    const message = error.fields[name];
    if (message) fieldErrors[name] = message;
  }
  const byCode = codeFields[error.code];
  if (byCode && !fieldErrors[byCode]) fieldErrors[byCode] = error.message;
  return { fieldErrors, formError: hasAny(fieldErrors) ? null : error.message };
}

/**
 * A form's field errors in two layers: the client's checks, recomputed on each submit, and the server's
 * (an availability check on blur, a refused submit), which stay until the customer changes that field.
 */
export function useFieldErrors<K extends string>(
  fields: readonly K[],
  codeFields: Readonly<Record<string, K>> = {},
) {
  const { formRef, focusFirst } = useInvalidFocus();
  const [local, setLocal] = useState<Errors<K>>({});
  const [server, setServer] = useState<Errors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const changed = useCallback((name: K) => {
    const drop = (e: Errors<K>) => (e[name] ? { ...e, [name]: undefined } : e);
    setLocal(drop);
    setServer(drop);
  }, []);

  return {
    formRef,
    /** What each field shows: the client's message first, else the server's. */
    errors: { ...server, ...Object.fromEntries(Object.entries(local).filter(([, m]) => m)) } as Errors<K>,
    formError,
    setFormError,
    /** The customer edited `name`: its messages go. */
    changed,
    /** One field's message outside a submit (a check on blur, the send-code button). */
    setField: useCallback((name: K, message: string | undefined, fromServer = false) => {
      (fromServer ? setServer : setLocal)((e) => ({ ...e, [name]: message }));
    }, []),
    /** The client checks of a submit; true when nothing (client or kept server message) blocks sending. */
    check(found: Errors<K>): boolean {
      setLocal(found);
      setFormError(null);
      const ok = !hasAny(found) && !hasAny(server);
      if (!ok) focusFirst();
      return ok;
    },
    /** A refused submit: messages onto their fields (kept until changed), the rest above the button. */
    refused(error: unknown) {
      const mapped = serverErrors(error, fields, codeFields);
      setServer(mapped.fieldErrors);
      setFormError(mapped.formError);
      focusFirst();
    },
    focusFirst,
  };
}
