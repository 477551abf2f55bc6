// The part of `qrcode` the back office calls (the TOTP enrolment's QR code), typed for the browser.
// @types/qrcode starts with `/// <reference types="node" />`, which would bring Node's globals into the
// browser program; apps/admin/tsconfig.json maps `qrcode` to this file instead.
export type QrOptions = {
  margin?: number;
  width?: number;
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
};

export function toDataURL(text: string, options?: QrOptions & { type?: 'image/png' }): Promise<string>;
