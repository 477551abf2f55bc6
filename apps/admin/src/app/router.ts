// A small history router for the handful of back-office screens under /admin/ (the server answers every
// /admin/* page with index.html). Paths: reviews/<kind>, ledger, audit, adjustments, channels,
// positions/<open|closed>, exposure, nfts, support, params, dashboard, customers[/<id>], staff, account,
// instruments, products, contents, exports.
import { useSyncExternalStore } from 'react';
import { contractStatuses, reviewKinds, type ContractStatus, type ReviewKind } from '@tradewind/contract';

export { reviewKinds, type ReviewKind };

export const screens = [
  'reviews',
  'ledger',
  'audit',
  'adjustments',
  'channels',
  'positions',
  'exposure',
  'nfts',
  'support',
  'params',
  'dashboard',
  'customers',
  'staff',
  'account',
  'instruments',
  'products',
  'contents',
  'exports',
] as const;
export type Screen = (typeof screens)[number];

export type Route =
  | { screen: 'reviews'; kind: ReviewKind }
  | { screen: 'positions'; status: ContractStatus }
  | { screen: 'customers'; id?: string }
  | { screen: Exclude<Screen, 'reviews' | 'positions' | 'customers'> };

const base = import.meta.env.BASE_URL; // '/admin/'
const home: Route = { screen: 'reviews', kind: 'deposits' };

const isKind = (value: string | undefined): value is ReviewKind =>
  (reviewKinds as readonly (string | undefined)[]).includes(value);
const isScreen = (value: string | undefined): value is Screen =>
  (screens as readonly (string | undefined)[]).includes(value);
const isStatus = (value: string | undefined): value is ContractStatus =>
  (contractStatuses as readonly (string | undefined)[]).includes(value);

export function parseRoute(pathname: string): Route {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const [first, second] = rest.split('/').filter(Boolean);
  if (first === 'reviews') return { screen: 'reviews', kind: isKind(second) ? second : 'deposits' };
  if (first === 'positions') return { screen: 'positions', status: isStatus(second) ? second : 'open' };
  // The customer list was /admin/users before the customer 360; old links land on it.
  if (first === 'users') return { screen: 'customers' };
  if (first === 'customers')
    return second && /^\d{1,16}$/.test(second) ? { screen: first, id: second } : { screen: first };
  if (isScreen(first) && first !== 'reviews' && first !== 'positions') return { screen: first };
  return home;
}

export function hrefOf(route: Route): string {
  if (route.screen === 'reviews') return `${base}reviews/${route.kind}`;
  if (route.screen === 'positions') return `${base}positions/${route.status}`;
  if (route.screen === 'customers' && route.id) return `${base}customers/${route.id}`;
  return `${base}${route.screen}`;
}

let current: Route = parseRoute(window.location.pathname);
const listeners = new Set<() => void>();

function update(): void {
  current = parseRoute(window.location.pathname);
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', update);

export function navigate(route: Route): void {
  const href = hrefOf(route);
  if (href !== window.location.pathname) window.history.pushState(null, '', href);
  update();
}

export function useRoute(): Route {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
