// Placeholder until the passkeys section lands (issue 25): the security page renders it.
export function PasskeysSection() {
  return null;
}
