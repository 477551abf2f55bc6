// PUBLIC_URL is the address the server gives out (invite links and their QR codes, the Google sign-in
// callback): when it is not where the server is really reached, customers are sent to a dead address. The
// default (http://localhost:3000) is wrong on any other port, so a start says so, and the back office
// compares it with the address the operator is using (GET /admin/api/public-url).
import type { Config } from './config.ts';

/** The port a browser uses for `url`: its own, or the scheme's default (80, 443). */
export function portOfUrl(url: string): number {
  const u = new URL(url);
  if (u.port !== '') return Number(u.port);
  return u.protocol === 'https:' ? 443 : 80;
}

/**
 * The warning a start logs when PUBLIC_URL names another port than the server listens on (PORT), or null.
 * Behind a reverse proxy that is intended (https://example.com → :3000), which the line says too.
 */
export function publicUrlPortWarning(config: Pick<Config, 'publicUrl' | 'port'>): string | null {
  const publicPort = portOfUrl(config.publicUrl);
  if (publicPort === config.port) return null;
  return (
    `PUBLIC_URL (${config.publicUrl}) names port ${publicPort} but the server listens on PORT ${config.port}: ` +
    'invite links, their QR codes and the Google sign-in callback point there. Set PUBLIC_URL to the address ' +
    'customers use (ignore this if a reverse proxy serves PUBLIC_URL and forwards to this port).'
  );
}
