// Every route the app registers, read from the app itself: the OpenAPI document for routes with schemas
// (fastify-type-provider-zod turns each contract schema into JSON Schema there) and `printRoutes` for the
// rest, so repository-wide tests (fuzz, no admin price fields) cover routes added later without a list.
import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema the contract's zod schemas produce. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Field = { name: string; schema: JsonSchema; required: boolean };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As Fastify spells it, with `:name` parameters. */
  path: string;
  params: Field[];
  query: Field[];
  /** The body schema, when the route declares one. */
  body?: JsonSchema;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** The documented routes with their parameter, query and body schemas. */
export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: HTTP ${res.statusCode}`);
  const doc = res.json<OpenApiDocument>();
  const operations: Operation[] = [];
  for (const [openApiPath, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const fields = (where: string): Field[] =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
      const content = op.requestBody?.content ?? {};
      const body = Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path: openApiPath.replace(/\{(\w+)\}/g, ':$1'),
        params: fields('path'),
        query: fields('query'),
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/**
 * Every registered route as "METHOD /path", from Fastify's own route tree (`printRoutes`), HEAD and
 * OPTIONS left out: they answer for the GET beside them or for CORS.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ]*)[├└]── (.+)$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const segment = m[2] ?? '';
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + segment;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}
