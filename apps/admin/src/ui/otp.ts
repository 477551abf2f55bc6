// The shapes of the one-time codes an operator types: six digits from the authenticator app (spaces
// allowed, as apps show "123 456"), or a recovery code `xxxxx-xxxxx` (any case, the dash optional).

export const normalizeTotp = (value: string) => value.replace(/[\s-]/g, '');
export const isTotpCode = (value: string) => /^\d{6}$/.test(normalizeTotp(value));
export const isRecoveryCode = (value: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(value.trim());
