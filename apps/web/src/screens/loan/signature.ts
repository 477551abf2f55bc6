// The signature pad's model, apart from the canvas so it can be tested: strokes in coordinates relative
// to the pad (0..1 on each axis, so a resized or rotated screen keeps the drawing), undo / redo / clear as
// snapshots, and the export — the ink cropped to its bounds with a margin, drawn on a canvas of bounded
// size and sent as a PNG data URL (the server takes up to loanSignatureBytesMax).

export type Point = { x: number; y: number; pressure: number };
export type Stroke = readonly Point[];

/** What is drawn now, what undo brings back, what redo brings back. */
export type PadHistory = { past: Stroke[][]; present: Stroke[]; future: Stroke[][] };
export type PadAction =
  { type: 'add'; stroke: Stroke } | { type: 'clear' } | { type: 'undo' } | { type: 'redo' };

export const emptyPad: PadHistory = { past: [], present: [], future: [] };
/** Undo steps kept (bounded, like everything). */
const historyMax = 50;

export function padReducer(state: PadHistory, action: PadAction): PadHistory {
  switch (action.type) {
    case 'add':
      if (action.stroke.length === 0) return state;
      return {
        past: [...state.past, state.present].slice(-historyMax),
        present: [...state.present, action.stroke],
        future: [],
      };
    case 'clear':
      if (state.present.length === 0) return state;
      return { past: [...state.past, state.present].slice(-historyMax), present: [], future: [] };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest };
    }
  }
}

/** The size of the signature as exported, before cropping: a 3:1 strip like the pad on screen. */
export const exportSize = { width: 600, height: 200 } as const;
/** Below this much ink (in export pixels) a "signature" is a tap or a slip, not a signature. */
export const inkLengthMin = 40;
const marginPx = 12;
const penPx = 3;

/** Total length of the strokes' paths, in export pixels. */
export function inkLength(strokes: readonly Stroke[], size = exportSize): number {
  let length = 0;
  for (const stroke of strokes) {
    for (let i = 1; i < stroke.length; i++) {
      const a = stroke[i - 1];
      const b = stroke[i];
      if (!a || !b) continue;
      length += Math.hypot((b.x - a.x) * size.width, (b.y - a.y) * size.height);
    }
  }
  return length;
}

export const hasSignature = (strokes: readonly Stroke[]): boolean => inkLength(strokes) >= inkLengthMin;

/** The crop of the export: where the ink is (with a margin), in whole export pixels inside the strip. */
export type Frame = { x: number; y: number; width: number; height: number };

export function inkFrame(strokes: readonly Stroke[], size = exportSize): Frame | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const stroke of strokes) {
    for (const p of stroke) {
      minX = Math.min(minX, p.x * size.width);
      maxX = Math.max(maxX, p.x * size.width);
      minY = Math.min(minY, p.y * size.height);
      maxY = Math.max(maxY, p.y * size.height);
    }
  }
  if (minX === Infinity) return undefined;
  const x = Math.max(0, Math.floor(minX - marginPx));
  const y = Math.max(0, Math.floor(minY - marginPx));
  const right = Math.min(size.width, Math.ceil(maxX + marginPx));
  const bottom = Math.min(size.height, Math.ceil(maxY + marginPx));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** The part of CanvasRenderingContext2D the drawing uses (a test passes a recorder). */
export type Ink = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'arc' | 'fill' | 'lineCap' | 'lineJoin' | 'lineWidth'
> & {
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
};

export const inkColour = '#14213d';

/**
 * Draws `strokes` scaled to `size` and shifted by `-origin`: segment by segment, each as wide as the pen's
 * pressure there (a mouse reports 0.5), and a dot for a stroke of one point.
 */
export function drawStrokes(
  ctx: Ink,
  strokes: readonly Stroke[],
  size: { width: number; height: number },
  origin: { x: number; y: number } = { x: 0, y: 0 },
  scale = 1,
): void {
  ctx.strokeStyle = inkColour;
  ctx.fillStyle = inkColour;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const at = (p: Point) => [p.x * size.width - origin.x, p.y * size.height - origin.y] as const;
  const width = (p: Point) => penPx * scale * (0.6 + (p.pressure || 0.5) * 0.8);
  for (const stroke of strokes) {
    const [first] = stroke;
    if (!first) continue;
    if (stroke.length === 1) {
      const [x, y] = at(first);
      ctx.beginPath();
      ctx.arc(x, y, width(first) / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    for (let i = 1; i < stroke.length; i++) {
      const a = stroke[i - 1];
      const b = stroke[i];
      if (!a || !b) continue;
      ctx.beginPath();
      ctx.lineWidth = width(b);
      ctx.moveTo(...at(a));
      ctx.lineTo(...at(b));
      ctx.stroke();
    }
  }
}

/** A canvas as the export needs it: sized, drawn on, encoded. */
export type ExportCanvas = {
  width: number;
  height: number;
  getContext(kind: '2d'): Ink | null;
  toDataURL(type: 'image/png'): string;
};

/**
 * The signature as a PNG data URL, cropped to its ink, or undefined when there is not enough ink to be a
 * signature. `makeCanvas` is `() => document.createElement('canvas')` in the browser.
 */
export function exportSignature(
  strokes: readonly Stroke[],
  makeCanvas: () => ExportCanvas,
): string | undefined {
  if (!hasSignature(strokes)) return undefined;
  const frame = inkFrame(strokes);
  if (!frame) return undefined;
  const canvas = makeCanvas();
  canvas.width = frame.width;
  canvas.height = frame.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  drawStrokes(ctx, strokes, exportSize, frame);
  const url = canvas.toDataURL('image/png');
  return url.startsWith('data:image/png;base64,') ? url : undefined;
}
