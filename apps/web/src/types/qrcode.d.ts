// The part of `qrcode` the web app calls, typed for the browser. @types/qrcode starts with
// `/// <reference types="node" />` (for its Buffer and stream overloads), which would bring Node's globals
// into the browser program; apps/web/tsconfig.json maps `qrcode` to this file instead.
export type QrOptions = {
  margin?: number;
  width?: number;
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
};

export function toDataURL(text: string, options?: QrOptions & { type?: 'image/png' }): Promise<string>;
export function toString(text: string, options?: QrOptions & { type?: 'svg' }): Promise<string>;
