// One permission matrix (the contract's `adminPermissions`) decides every back-office route. This walks every
// /admin/api route the running app registers × every role, each a secured admin (own password, TOTP), and
// asserts the guard's answer: allowed (neither 401 nor 403) or 403 (10019) exactly as the matrix says. The
// rule of each route is read from its guard (platform/guards.ts records it), so a route added without
// `requireAdmin` — or with a guard nobody can read — fails here, and so does a matrix change the server
// does not follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPermissions, adminRoles, type AdminRole } from '@tradewind/contract';
import type { AdminRule } from '../platform/guards.ts';
import { client, secureAdmin, startTestApp, type TestApp } from '../test/harness.ts';
import { registeredRoutes } from '../test/routes.ts';

let t: TestApp;
let tokens: Record<AdminRole, string>;
let routes: string[];
beforeAll(async () => {
  t = await startTestApp();
  const secured = await Promise.all(adminRoles.map((role) => secureAdmin(t, role)));
  tokens = Object.fromEntries(secured.map((s) => [s.role, s.token])) as Record<AdminRole, string>;
  routes = registeredRoutes(t.app).filter((r) => /^\w+ \/admin\/api\//.test(r));
}, 120_000);
afterAll(async () => t.close());

/** The sign-in itself needs no session; My account and signing out need one, secured or not. */
const open = new Set(['POST /admin/api/login']);
const sessionOnly = (route: string) => /^\w+ \/admin\/api\/(me(\/|$)|logout$)/.test(route);
/** Calls that would end the very session the walk signs in with. */
const endsTheSession = new Set(['POST /admin/api/logout']);

const ruleOf = (route: string): AdminRule | undefined => t.app.adminRules.get(route);
const allowed = (rule: AdminRule, role: AdminRole) =>
  'session' in rule ||
  rule.permissions.some((p) => (adminPermissions[p] as readonly string[]).includes(role));

/** The route with each `:param` filled with an id no row has: the guard answers before anything is found. */
const urlOf = (path: string) => path.replace(/:(\w+)/g, '987654');

describe('route × role matrix', () => {
  it('finds the back office routes, each with a rule read from its guard', () => {
    expect(routes.length).toBeGreaterThan(40);
    const withoutRule = routes.filter((r) => !open.has(r) && !ruleOf(r));
    expect(withoutRule).toEqual([]);
    // A session-only guard is for My account and sign-out alone; everything else names a permission.
    const sessionRules = routes.filter((r) => {
      const rule = ruleOf(r);
      return rule !== undefined && 'session' in rule;
    });
    expect(sessionRules.filter((r) => !sessionOnly(r))).toEqual([]);
    expect(sessionRules).toEqual(expect.arrayContaining(['GET /admin/api/me', 'POST /admin/api/logout']));
    expect(ruleOf('GET /admin/api/staff')).toEqual({ permissions: ['manageStaff'] });
  });

  it('answers every role as adminPermissions says, on every route', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const rule = ruleOf(route);
      if (!rule || endsTheSession.has(route)) continue;
      const [method = 'GET', path = ''] = route.split(' ');
      for (const role of adminRoles) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: urlOf(path),
          headers: { authorization: tokens[role] },
        });
        calls++;
        const code = res.headers['content-type']?.toString().includes('json')
          ? (res.json<{ code?: string }>().code ?? '')
          : '';
        const expected = allowed(rule, role);
        const refused = res.statusCode === 403 && code === '10019';
        if (expected && (res.statusCode === 401 || res.statusCode === 403))
          mismatches.push(`${route} as ${role}: expected allowed, got ${res.statusCode} ${code}`);
        if (!expected && !refused)
          mismatches.push(`${route} as ${role}: expected 403 10019, got ${res.statusCode} ${code}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(150);
  }, 300_000);

  it('refuses every permission route to a session that must be secured first (10114), and to no session (401)', async () => {
    const gated = await secureAdmin(t, 'finance', { totp: false });
    const problems: string[] = [];
    for (const route of routes) {
      const rule = ruleOf(route);
      if (!rule || 'session' in rule) continue;
      const [method = 'GET', path = ''] = route.split(' ');
      for (const [token, status, code] of [
        [gated.token, 403, '10114'],
        [undefined, 401, '401'],
      ] as const) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: urlOf(path),
          headers: token ? { authorization: token } : {},
        });
        const got = res.json<{ code?: string }>().code;
        if (res.statusCode !== status || got !== code)
          problems.push(`${route} ${token ? 'gated' : 'anonymous'}: ${res.statusCode} ${got}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('lets a session that must be secured first use My account', async () => {
    const gated = await secureAdmin(t, 'compliance', { totp: false });
    const api = client(t.app, { token: gated.token });
    expect((await api.get('/admin/api/me')).status).toBe(200);
    expect((await api.get('/admin/api/me/sessions')).status).toBe(200);
    expect((await api.post('/admin/api/me/totp/enrol')).status).toBe(200);
  });
});
