// Placeholder wired by the lead: the customer list is the Users screen until the customer 360 replaces this file.
import type { AdminSession } from '../app/session.ts';
import { Users } from './Users.tsx';

export function Customers({ admin }: { admin: AdminSession['admin']; id?: string | undefined }) {
  return <Users admin={admin} />;
}
