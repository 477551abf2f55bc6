// The trade ticket of the currency page: direction, lots, leverage, term and optional take-profit /
// stop-loss, checked live against the streaming price; "Review order" opens the confirm step. Disabled with
// the reason while the market is closed; a login prompt for visitors. In the real book on a price that is not
// live (DESIGN.md §1.10) no form at all but why: simulated prices ("Practise in demo" switches the book) or
// delayed ones (paused until they are back); the server refuses the same with 10160 / 10161. A refusal the confirm step gets about
// one field (lots 10016, term 10017, take-profit / stop-loss 10105, a field message such as leverage's)
// closes it and is shown at that field, focused, until the customer changes it.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Locale } from '@tradewind/i18n';
import { codes, type MarketInfo, type PriceStatus } from '@tradewind/contract';
import type { ContractDirection } from '@tradewind/contract/orders-math';
import type { ApiError } from '../../api/client.ts';
import { useBookSwitch } from '../../app/book.ts';
import { useSession } from '../../app/session.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useLiveQuote } from '../../live/hooks.ts';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import {
  formatDuration,
  formatLeverage,
  formatMoment,
  formatPrice,
  formatQuantity,
} from '../../ui/market/format.ts';
import { ConfirmStep, type Ticket } from './ConfirmStep.tsx';
import { revealPosition } from './reveal.ts';
import {
  levelsFit,
  lotBoundsOf,
  lotsText,
  parseLevel,
  parseLots,
  priceMinorOf,
  refusedLevel,
  stepLots,
  ticketFields,
  type LevelCheck,
  type TicketField,
} from './ticket.ts';
import { wrongSideMessage } from './wrongSide.ts';

function LoginPrompt() {
  const { t } = useTranslation('trade');
  const location = useLocation();
  const redirect = new URLSearchParams({ redirect: location.pathname + location.search }).toString();
  return (
    <div className="trade-login" data-testid="trade-login">
      <p className="trade-login-title">{t('panel.loginTitle')}</p>
      <p className="muted small">{t('panel.loginText')}</p>
      <div className="row-actions">
        <Link to={`/pass/login?${redirect}`} className="btn btn-primary btn-small">
          {t('panel.login')}
        </Link>
        <Link to="/pass/register" className="btn btn-secondary btn-small">
          {t('panel.register')}
        </Link>
      </div>
    </div>
  );
}

function ChipGroup<T extends string | number>({
  label,
  items,
  value,
  onChange,
  render,
  disabled,
  testId,
  error,
}: {
  label: string;
  items: readonly T[];
  value: T;
  onChange: (value: T) => void;
  render: (item: T) => ReactNode;
  disabled: boolean;
  testId: string;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={error ? 'trade-field field-invalid' : 'trade-field'}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field-label">{label}</legend>
      <div className="chips chips-wrap" data-testid={testId}>
        {items.map((item) => (
          <button
            key={item}
            type="button"
            className={item === value ? 'chip chip-on' : 'chip'}
            aria-pressed={item === value}
            onClick={() => onChange(item)}
          >
            {render(item)}
          </button>
        ))}
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function LevelInput({
  label,
  value,
  onChange,
  error,
  message,
  disabled,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: boolean;
  /** The server's refusal of this level, under the field. */
  message?: string | undefined;
  disabled: boolean;
  name: string;
}) {
  const { t } = useTranslation('trade');
  const messageId = useId();
  const invalid = error || message !== undefined;
  return (
    <label className={invalid ? 'field field-invalid trade-level' : 'field trade-level'}>
      <span className="field-label">
        {label} <span className="optional">({t('panel.optional')})</span>
      </span>
      <input
        className="input num"
        name={name}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
        maxLength={24}
      />
      {message && (
        <span className="field-error" id={messageId}>
          {message}
        </span>
      )}
    </label>
  );
}

/**
 * The real book on a price money may not move on: simulated ("practise in the demo book", with the button
 * that switches to it) or delayed (paused until prices are back).
 */
function RealPaused({ info, status }: { info: MarketInfo; status: 'simulated' | 'stale' }) {
  const { t } = useTranslation('trade');
  const { switchTo } = useBookSwitch();
  return (
    <div className="trade-paused" data-testid="trade-real-paused" data-status={status}>
      <p className="note note-warn" role="status">
        {status === 'simulated'
          ? t('panel.liveRequired', { name: info.appName })
          : t('panel.pricesDelayed', { name: info.appName })}
      </p>
      {status === 'simulated' && (
        <>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => switchTo(true)}
            data-testid="trade-practise-demo"
          >
            {t('panel.practiseDemo')}
          </button>
          <p className="muted small">{t('panel.practiseDemoHint')}</p>
        </>
      )}
    </div>
  );
}

/** Whether the real book pauses on a price of this status, and why. */
const realPauseOf = (status: PriceStatus): 'simulated' | 'stale' | null =>
  status === 'simulated' || status === 'stale' ? status : null;

/** The message under the take-profit / stop-loss fields (the bounds for the direction), or null when fine. */
function levelProblem(
  t: TFunction<'trade'>,
  info: MarketInfo,
  levels: { tp: LevelCheck; sl: LevelCheck; fits: boolean; direction: ContractDirection; price: string },
  locale: Locale,
): string | null {
  const { tp, sl, fits, direction, price } = levels;
  if (tp.kind === 'invalid' || sl.kind === 'invalid')
    return t('panel.levelInvalid', { decimals: info.priceScale });
  return fits ? null : wrongSideMessage(t, direction, price, locale);
}

export function TradePanel({ info }: { info: MarketInfo }) {
  const { t } = useTranslation('trade');
  const locale = currentLocale();
  const { user, isDemo } = useSession();
  const quote = useLiveQuote(info.code);
  const pause = user && !isDemo ? realPauseOf(quote?.priceStatus ?? info.priceStatus) : null;
  const price = quote?.price ?? info.nowPrice;
  const bounds = lotBoundsOf(info);
  const [direction, setDirection] = useState<ContractDirection>('up');
  const [lots, setLots] = useState(() => (bounds ? lotsText(bounds.minMinor) : info.minLots));
  const [leverage, setLeverage] = useState(() => info.leverages[0] ?? 1);
  const [termId, setTermId] = useState(() => info.terms[0]?.id ?? '');
  const [tpText, setTp] = useState('');
  const [slText, setSl] = useState('');
  const [reviewing, setReviewing] = useState<Ticket | null>(null);
  const lotsErrorId = useId();

  const closed = !info.tradable;
  const disabled = closed || !user;
  const lotsMinor = bounds ? parseLots(lots, bounds) : undefined;
  const priceMinor = priceMinorOf(price, info.priceScale);
  const tp = parseLevel(tpText, info.priceScale);
  const sl = parseLevel(slText, info.priceScale);
  const fits = priceMinor !== undefined && levelsFit(direction, priceMinor, tp, sl);
  const problem = levelProblem(
    t,
    info,
    { tp, sl, fits: fits || priceMinor === undefined, direction, price },
    locale,
  );
  const term = info.terms.find((x) => x.id === termId);
  // Refusals about one field; a take-profit or stop-loss refused goes to the level that is off.
  const form = useFieldErrors(ticketFields, {
    [codes.purchaseAmountWrong]: 'lots',
    [codes.termNotFound]: 'termId',
    [codes.tpSlUnreasonable]: refusedLevel(direction, priceMinor, tp, sl),
  });
  const serverError = form.errors;
  const edit =
    <V,>(name: TicketField, set: (value: V) => void) =>
    (value: V) => {
      set(value);
      form.changed(name);
    };
  const onRefused = (error: ApiError) => {
    setReviewing(null);
    form.refused(error);
  };
  const ready =
    !disabled &&
    lotsMinor !== undefined &&
    term !== undefined &&
    problem === null &&
    priceMinor !== undefined;

  const step = (by: 1 | -1) => bounds && edit('lots', setLots)(lotsText(stepLots(lots, bounds, by)));
  const review = (event: FormEvent) => {
    event.preventDefault();
    // A kept server finding blocks sending until its field changes, and takes the focus.
    if (!form.check({}) || !ready || lotsMinor === undefined || !term) return;
    setReviewing({
      direction,
      lotsMinor,
      leverage,
      term,
      takeProfit: tp.kind === 'ok' ? tp : undefined,
      stopLoss: sl.kind === 'ok' ? sl : undefined,
    });
  };

  const rangeHint = bounds
    ? t('panel.lotsHint', {
        min: formatQuantity(info.minLots, locale),
        max: formatQuantity(info.maxLots, locale),
        step: formatQuantity(info.lotSize, locale),
      })
    : '';
  const lotsError =
    lots.trim() !== '' && lotsMinor === undefined && bounds
      ? t('panel.lotsInvalid', {
          min: formatQuantity(info.minLots, locale),
          max: formatQuantity(info.maxLots, locale),
          step: formatQuantity(info.lotSize, locale),
        })
      : (serverError.lots ?? null);

  return (
    <section className="card trade-panel" aria-labelledby="trade-title" data-testid="trade-panel">
      <h2 id="trade-title" className="card-title">
        {t('panel.title')}
      </h2>
      {closed && (
        <p className="note note-warn" data-testid="trade-closed" role="status">
          {info.nextOpenAt !== undefined
            ? t('panel.closed', { time: formatMoment(info.nextOpenAt, locale) })
            : t('panel.closedNow')}
        </p>
      )}
      {!user && <LoginPrompt />}
      {pause && <RealPaused info={info} status={pause} />}
      <form className="trade-form" onSubmit={review} noValidate ref={form.formRef} hidden={pause !== null}>
        <div className="trade-buttons trade-direction" role="group" aria-label={t('panel.direction')}>
          {(['up', 'down'] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`btn ${direction === d ? (d === 'up' ? 'btn-up' : 'btn-down') : 'btn-secondary'} trade-dir`}
              aria-pressed={direction === d}
              data-direction={d}
              disabled={disabled}
              onClick={() => setDirection(d)}
            >
              <span className="trade-dir-name">{t(`panel.${d}`)}</span>
              <span className="trade-dir-hint">{t(d === 'up' ? 'panel.upHint' : 'panel.downHint')}</span>
            </button>
          ))}
        </div>
        <fieldset className={lotsError ? 'trade-field field-invalid' : 'trade-field'} disabled={disabled}>
          <legend className="field-label">{t('panel.lots')}</legend>
          <div className="trade-stepper">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={t('panel.fewer')}
              onClick={() => step(-1)}
            >
              −
            </button>
            <input
              className="input num"
              name="lots"
              inputMode="decimal"
              dir="ltr"
              value={lots}
              aria-label={t('panel.lots')}
              aria-invalid={lotsError ? true : undefined}
              aria-describedby={lotsErrorId}
              onChange={(event) => edit('lots', setLots)(event.target.value)}
              maxLength={12}
            />
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={t('panel.more')}
              onClick={() => step(1)}
            >
              +
            </button>
          </div>
          <p className={lotsError ? 'field-error' : 'field-hint'} id={lotsErrorId}>
            {lotsError ?? rangeHint}
          </p>
        </fieldset>
        <ChipGroup
          label={t('panel.leverage')}
          items={info.leverages}
          value={leverage}
          onChange={edit('leverage', setLeverage)}
          error={serverError.leverage}
          render={(l) => <bdi className="num">{formatLeverage(l, locale)}</bdi>}
          disabled={disabled}
          testId="trade-leverage"
        />
        <ChipGroup
          label={t('panel.term')}
          items={info.terms.map((x) => x.id)}
          value={termId}
          onChange={edit('termId', setTermId)}
          error={serverError.termId}
          render={(id) => formatDuration(info.terms.find((x) => x.id === id)?.seconds ?? 0, locale)}
          disabled={disabled}
          testId="trade-term"
        />
        <div className="trade-levels">
          <LevelInput
            label={t('panel.takeProfit')}
            name="takeProfit"
            value={tpText}
            onChange={edit('takeProfit', setTp)}
            error={problem !== null && tp.kind !== 'empty'}
            message={serverError.takeProfit}
            disabled={disabled}
          />
          <LevelInput
            label={t('panel.stopLoss')}
            name="stopLoss"
            value={slText}
            onChange={edit('stopLoss', setSl)}
            error={problem !== null && sl.kind !== 'empty'}
            message={serverError.stopLoss}
            disabled={disabled}
          />
        </div>
        {problem ? (
          <p className="field-error" role="alert" data-testid="trade-level-error">
            {problem}
          </p>
        ) : (
          (tp.kind === 'ok' || sl.kind === 'ok') && (
            <p className="field-hint">
              {t(direction === 'up' ? 'panel.levelHintUp' : 'panel.levelHintDown', {
                price: formatPrice(price, locale),
              })}
            </p>
          )
        )}
        <button
          type="submit"
          className={`btn btn-block ${direction === 'up' ? 'btn-up' : 'btn-down'}`}
          disabled={!ready}
          data-testid="trade-review"
        >
          {t('panel.review')}
        </button>
      </form>
      <p className="fine-print">{t('panel.risk')}</p>
      {reviewing && !pause && (
        <ConfirmStep
          info={info}
          ticket={reviewing}
          onClose={() => setReviewing(null)}
          onRefused={onRefused}
          onDone={(opened) => {
            setReviewing(null);
            setTp('');
            setSl('');
            revealPosition(opened.id);
          }}
        />
      )}
    </section>
  );
}
