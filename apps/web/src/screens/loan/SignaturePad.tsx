// A signature pad: a canvas drawn on with pointer events (mouse, touch, pen — the pen's pressure sets the
// width), with undo, redo and clear. The drawing is kept as strokes (signature.ts) and redrawn on resize;
// each change hands the parent the exported PNG data URL, or undefined while there is no signature.
import { useCallback, useEffect, useId, useReducer, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { drawStrokes, emptyPad, exportSignature, padReducer, type Point, type Stroke } from './signature.ts';

function pointOf(event: { clientX: number; clientY: number; pressure: number }, box: DOMRect): Point {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    x: clamp((event.clientX - box.left) / box.width),
    y: clamp((event.clientY - box.top) / box.height),
    pressure: event.pressure,
  };
}

export function SignaturePad({
  onChange,
  disabled = false,
  error,
}: {
  onChange: (png: string | undefined) => void;
  disabled?: boolean;
  /** The server's word on the signature (10108 not a signature, 10107 too large), until it is redrawn. */
  error?: string | undefined;
}) {
  const { t } = useTranslation('loans');
  const errorId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [history, dispatch] = useReducer(padReducer, emptyPad);
  const live = useRef<{ pointerId: number; points: Point[] } | null>(null);

  const redraw = useCallback((strokes: readonly Stroke[]) => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const all = live.current ? [...strokes, live.current.points] : strokes;
    drawStrokes(ctx, all, { width: canvas.width, height: canvas.height }, undefined, ratio);
  }, []);

  useEffect(() => {
    redraw(history.present);
    onChange(exportSignature(history.present, () => document.createElement('canvas')));
  }, [history.present, redraw, onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw(history.present));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [history.present, redraw]);

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || live.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const box = event.currentTarget.getBoundingClientRect();
    live.current = { pointerId: event.pointerId, points: [pointOf(event, box)] };
    redraw(history.present);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = live.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    const box = event.currentTarget.getBoundingClientRect();
    // Coalesced events keep a fast pen stroke smooth where the browser delivers one event per frame.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const e of events.length > 0 ? events : [event]) stroke.points.push(pointOf(e, box));
    redraw(history.present);
  };
  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = live.current;
    if (!stroke || stroke.pointerId !== event.pointerId) return;
    live.current = null;
    dispatch({ type: 'add', stroke: stroke.points });
  };

  return (
    <div className={error ? 'signature field-invalid' : 'signature'}>
      <canvas
        ref={canvasRef}
        className="signature-pad"
        data-testid="signature-pad"
        role="img"
        aria-label={t('sign.padLabel')}
        // Focusable from code only: a refused signature takes the focus and says why (aria-describedby).
        tabIndex={error ? -1 : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <p className="signature-line muted small" aria-hidden="true">
        {t('sign.padHint')}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      <div className="row-actions signature-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={disabled || history.past.length === 0}
          onClick={() => dispatch({ type: 'undo' })}
        >
          {t('sign.undo')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={disabled || history.future.length === 0}
          onClick={() => dispatch({ type: 'redo' })}
        >
          {t('sign.redo')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={disabled || history.present.length === 0}
          onClick={() => dispatch({ type: 'clear' })}
        >
          {t('sign.clear')}
        </button>
      </div>
    </div>
  );
}
