// Filled by the issue-11 work in progress (wired first so the shared router, nav and App are edited once).
import type { AdminSession } from '../app/session.ts';

export function Support(_props: { admin: AdminSession['admin'] }) {
  return null;
}
