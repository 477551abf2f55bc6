/** CONTRACT.md: a new code may be requested 60 s after the last one. */
export const codeResendSeconds = 60;
