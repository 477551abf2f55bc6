// Placeholder until the two-factor section lands (issue 25): the security page renders it.
export function TwoFactorSection() {
  return null;
}
