// Compression of the API's answers. The market lists carry a 100-point price history per instrument: the
// crypto list is about 540 KB of JSON, which the home and market pages load on a phone. Measured on that list
// (20 runs each on the shared 2-core box): brotli quality 1 sends 162 KB in 11 ms, quality 4 156 KB in 35 ms;
// answers are compressed on every request, so the fastest setting wins; gzip level 4 (160 KB, 20 ms) for
// clients without brotli. The built front ends are compressed at build time (frontends.ts sends those
// copies with their Content-Encoding set, which this plugin leaves alone); WebSocket frames do not pass here.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: the saving would not pay for the encoding's framing. */
export const compressMinBytes = 1024;

/** Registers the plugin; it applies to the routes registered after it, so it goes before them. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: compressMinBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 4 },
  });
}
