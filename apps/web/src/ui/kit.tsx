// Small shared building blocks of the design system: page frame, cards, empty states, form fields, money.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyIcon } from './icons.tsx';
import { layout } from '../app/device.ts';
import { routeTitleKey } from '../app/routeMeta.ts';
import { screens } from '../app/screens.ts';
import { formatMoney } from '@tradewind/contract/money-format';
import { currentLocale } from '../i18n/i18n.ts';
import { useDocumentTitle } from '../app/documentTitle.ts';

export function Page({
  title,
  intro,
  actions,
  children,
  narrow = false,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const routeTitle = routeTitleKey(screens, pathname);
  useDocumentTitle(title);
  // The mobile top bar already shows the route title; the heading stays for screen readers.
  const shownInTopBar = layout === 'mobile' && routeTitle !== null && t(routeTitle) === title;
  const heading = <h1 className={shownInTopBar ? 'page-title visually-hidden' : 'page-title'}>{title}</h1>;
  return (
    <div className={narrow ? 'page page-narrow' : 'page'}>
      {shownInTopBar && !intro && !actions ? (
        heading
      ) : (
        <header className="page-head">
          <div>
            {heading}
            {intro && <p className="page-intro">{intro}</p>}
          </div>
          {actions && <div className="page-actions">{actions}</div>}
        </header>
      )}
      {children}
    </div>
  );
}

export function Card({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `card ${className}` : 'card'}>
      {title && <h2 className="card-title">{title}</h2>}
      {children}
    </section>
  );
}

/** An honest "nothing here yet" state: no invented rows while the data does not exist. */
export function EmptyState({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty" role="status">
      <span className="empty-icon">
        <EmptyIcon size={32} />
      </span>
      <p className="empty-title">{title}</p>
      {text && <p className="empty-text">{text}</p>}
      {children}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}

export function ErrorNote({ message }: { message: string }) {
  return (
    <p className="note note-error" role="alert">
      {message}
    </p>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Content placed inside the field row after the input (a button). */
  trailing?: ReactNode;
  leading?: ReactNode;
};

export function Field({ label, error, hint, trailing, leading, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-row">
        {leading}
        <input
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing}
      </div>
      {hint && !error && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A balance in tabular numerals with its asset, by the `amount` rule (money-format.ts: 2 decimals, as every
 * balance): one isolated unit (`<bdi>`), so in a right-to-left sentence the figure and its code stay together
 * and in order ("1,250.50 USDT").
 */
export function Money({ value, asset = 'USDT' }: { value: string; asset?: string }) {
  return (
    <bdi className="money">
      <span className="num">{formatMoney(value, currentLocale(), 'amount')}</span>{' '}
      <span className="unit">{asset}</span>
    </bdi>
  );
}
