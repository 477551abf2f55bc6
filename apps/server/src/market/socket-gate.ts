// Who may open the live-price WebSocket (L-12): a browser page of ours, and at most `wsPerIpMax` sockets
// per client address at once.
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../platform/config.ts';

/**
 * Browsers send Origin on upgrades; other clients need none. Allowed: PUBLIC_URL's origin, and a page
 * served from the address it connects to when that address is an IP literal or localhost (a local run, the
 * browser tests). A name matching Host is not enough: DNS rebinding makes evil.example resolve here, and
 * its page then sends Origin and Host both evil.example.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  try {
    const u = new URL(origin);
    if (u.origin === new URL(publicUrl).origin) return true;
    const literal = isIP(u.hostname.replace(/^\[|\]$/g, '')) !== 0 || u.hostname === 'localhost';
    return literal && u.host === host;
  } catch {
    return false;
  }
}

export function socketGate(config: Pick<Config, 'publicUrl' | 'wsPerIpMax'>) {
  const open = new Map<string, number>();
  const full = (ip: string) => (open.get(ip) ?? 0) >= config.wsPerIpMax;
  return {
    /** Before the upgrade: 403 from a foreign page, 429 when the address holds its share already. */
    check: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!originAllowed(req.headers.origin, req.headers.host, config.publicUrl)) {
        req.log.info({ origin: req.headers.origin }, 'market: WebSocket from a foreign origin refused');
        return reply.code(403).send();
      }
      if (full(req.ip)) return reply.code(429).send();
    },
    /** On open, counted at once (upgrades racing past `check` are closed here); false when closed. */
    admit: (req: FastifyRequest, socket: WebSocket): boolean => {
      if (full(req.ip)) {
        socket.close(1013, 'too many connections from this address');
        return false;
      }
      open.set(req.ip, (open.get(req.ip) ?? 0) + 1);
      socket.once('close', () => {
        const left = (open.get(req.ip) ?? 1) - 1;
        if (left > 0) open.set(req.ip, left);
        else open.delete(req.ip);
      });
      return true;
    },
  };
}
