// The operator's own password change (POST /admin/api/me/password), used by the first sign-in flow and by
// My account. The form checks what it can before sending (length, repeat, not the old one); the server
// checks the current password (10143) and answers the operator's refreshed flags.
import { useId, useRef, useState, type FormEvent } from 'react';
import { codes, staffPassword } from '@tradewind/contract';
import { useChangePassword, type Me } from '../api/account.ts';
import { ApiError } from '../api/client.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { ErrorNote } from '../ui/kit.tsx';

/** The contract's rule for a chosen staff password (staffPassword: 12 to 128 characters). */
const passwordLengthMin = staffPassword.minLength ?? 1;
const passwordLengthMax = staffPassword.maxLength ?? undefined;

type Problem = { field: 'current' | 'next' | 'repeat'; key: MessageKey };

function checkPasswords(current: string, next: string, repeat: string): Problem | null {
  if (current === '') return { field: 'current', key: 'common.required' };
  if (!staffPassword.safeParse(next).success) return { field: 'next', key: 'password.tooShort' };
  if (next === current) return { field: 'next', key: 'password.sameAsCurrent' };
  if (repeat !== next) return { field: 'repeat', key: 'password.mismatch' };
  return null;
}

export function PasswordForm({
  userName,
  submitLabel,
  onChanged,
}: {
  userName: string;
  submitLabel: string;
  onChanged: (me: Me, message: string) => void;
}) {
  const { t, integer } = useT();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    repeat: useRef<HTMLInputElement>(null),
  };
  const id = useId();

  // A wrong current password is the server's to say; it is shown on that field until it changes.
  const wrongCurrent = change.error instanceof ApiError && change.error.code === codes.passwordIncorrect;
  const shown: Problem | null =
    problem ?? (wrongCurrent ? { field: 'current', key: 'password.wrongCurrent' } : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswords(current, next, repeat);
    setProblem(found);
    if (found) {
      refs[found.field].current?.focus();
      return;
    }
    change.mutate(
      { oldPassword: current, password: next },
      {
        onSuccess: (answer) => {
          setCurrent('');
          setNext('');
          setRepeat('');
          onChanged(answer.result, answer.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === codes.passwordIncorrect)
            refs.current.current?.focus();
        },
      },
    );
  };

  const field = (name: Problem['field'], label: string, value: string, set: (v: string) => void) => {
    const inputId = `${id}-${name}`;
    const error = shown?.field === name ? shown : null;
    const hint = name === 'next' ? `${inputId}-hint` : undefined;
    return (
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          ref={refs[name]}
          id={inputId}
          type="password"
          autoComplete={name === 'current' ? 'current-password' : 'new-password'}
          maxLength={passwordLengthMax}
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint, error ? `${inputId}-error` : undefined].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            set(e.target.value);
            setProblem(null);
            if (name === 'current' && wrongCurrent) change.reset();
          }}
        />
        {hint && (
          <p id={hint} className="field-hint">
            {t('password.rule', { min: integer(passwordLengthMin) })}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} className="field-error">
            {t(error.key, { min: integer(passwordLengthMin) })}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="stack-form" onSubmit={submit} noValidate>
      {/* Lets a password manager file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
      {field('current', t('password.current'), current, setCurrent)}
      {field('next', t('password.next'), next, setNext)}
      {field('repeat', t('password.repeat'), repeat, setRepeat)}
      {change.error && !wrongCurrent ? <ErrorNote error={change.error} /> : null}
      <div>
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? t('password.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
