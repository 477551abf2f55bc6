// The envelope (CONTRACT.md "Envelope"): success wrapping, the error handler and the 404 handler.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codes, type Code, type Envelope } from '@tradewind/contract';
import { AppError, type FieldProblem } from './errors.ts';
import { isDatabaseUnreachable } from './db.ts';
import { messageFor, fieldMessage, negotiateLocale, type Locale } from './i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** A success envelope; `messageCode` picks the success text (10028, 10034, 20001–20005). */
export function ok<T>(req: FastifyRequest, result: T, messageCode: Code = codes.ok): Envelope<T> {
  return { code: codes.ok, message: messageFor(messageCode, req.locale), result };
}

/** Fields whose format problems have their own catalogue code. */
const fieldCodes: Record<string, Code> = {
  userName: codes.userNameInvalid,
  email: codes.emailInvalid,
  password: codes.passwordInvalid,
  code: codes.codeWrong,
  oldPassword: codes.enterLoginPassword,
};

type Issue = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> };

/** A form has fewer fields; a body of 60,000 unknown keys must not buy a reply naming each one (M-5). */
export const maxFieldMessages = 10;

function problemsFromZod(issues: readonly Issue[]): Record<string, FieldProblem> {
  const fields: Record<string, FieldProblem> = {};
  const full = () => Object.keys(fields).length >= maxFieldMessages;
  for (const issue of issues) {
    if (full()) break;
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    if (issue.keyword === 'unrecognized_keys') {
      const keys = Array.isArray(issue.params.keys) ? issue.params.keys : [];
      for (const key of keys) {
        if (full()) break;
        fields[field === '_' ? String(key) : `${field}.${String(key)}`] = { key: 'unknownField' };
      }
      continue;
    }
    if (fields[field]) continue;
    fields[field] = problemFor(issue, field);
  }
  return fields;
}

function problemFor(issue: Issue, field: string): FieldProblem {
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message))
    return { key: 'required' };
  // A new password under the policy's length is the policy's refusal (10164), saying so at the field; a login
  // password's minimum is 1 and keeps "required".
  if (field === 'password' && issue.keyword === 'too_small' && Number(issue.params.minimum) > 1)
    return { key: 'passwordTooShort', params: { min: String(issue.params.minimum) } };
  const specific = fieldCodes[field.split('.').pop() ?? ''];
  if (specific) return { key: specific };
  const origin = issue.params.origin;
  if (issue.keyword === 'too_small') {
    const min = String(issue.params.minimum);
    // "at least 1 character" is just "required" to a person filling in a form.
    if (origin === 'string' && min === '1') return { key: 'required' };
    return origin === 'string' ? { key: 'tooShort', params: { min } } : { key: 'tooSmall', params: { min } };
  }
  if (issue.keyword === 'too_big') {
    const max = String(issue.params.maximum);
    return origin === 'string' ? { key: 'tooLong', params: { max } } : { key: 'tooBig', params: { max } };
  }
  return { key: 'invalid' };
}

function validationError(fields: Record<string, FieldProblem>): AppError {
  const problems = Object.values(fields);
  const only = problems.length === 1 ? problems[0] : undefined;
  const code =
    only && /^\d+$/.test(only.key)
      ? (only.key as Code)
      : only?.key === 'passwordTooShort'
        ? codes.passwordWeak
        : codes.paramsEmpty;
  return new AppError(code, {}, fields);
}

function send(reply: FastifyReply, req: FastifyRequest, error: AppError) {
  const locale = req.locale ?? 'en';
  const fields = error.fields
    ? {
        fields: Object.fromEntries(
          Object.entries(error.fields).map(([name, p]) => [name, fieldMessage(p.key, locale, p.params)]),
        ),
      }
    : null;
  return reply.status(error.status).send({
    code: error.code,
    message: messageFor(error.code, locale, error.params),
    result: error.result ?? fields,
  });
}

/** Maps a framework error (bad JSON, wrong media type, body too large, rate limit) to a catalogue code. */
function fromFrameworkError(err: FastifyError): AppError | undefined {
  const status = err.statusCode ?? 500;
  if (status === 429) return new AppError(codes.tooManyRequests);
  if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(codes.imageTooLarge);
  if (status >= 400 && status < 500) {
    const e = new AppError(codes.paramsEmpty);
    return Object.assign(e, { status });
  }
  return undefined;
}

/** Serves an app's index.html for a page route; answers false when the request is not one. */
export type PageFallback = (req: FastifyRequest, reply: FastifyReply) => boolean;

export function installEnvelope(app: FastifyInstance, pageFallback: () => PageFallback | undefined): void {
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (req) => {
    req.locale = negotiateLocale(req.headers['accept-language']);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(reply, req, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(reply, req, validationError(problemsFromZod(err.validation as unknown as Issue[])));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ issues: err.cause.issues, url: err.url }, 'response did not match its schema');
      return send(reply, req, new AppError(codes.unknown));
    }
    const mapped = fromFrameworkError(err);
    if (mapped) {
      if (mapped.status === 429) void reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return send(reply, req, mapped);
    }
    if (isDatabaseUnreachable(err)) {
      // Restarting, or connections cut: the pool reconnects by itself; the client tries again shortly.
      req.log.warn({ err }, 'database unreachable; answered 503');
      void reply.header('retry-after', '5');
      return send(reply, req, new AppError(codes.serviceUnavailable));
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, req, new AppError(codes.unknown));
  });

  app.setNotFoundHandler((req, reply) => {
    if (pageFallback()?.(req, reply)) return reply;
    return send(reply, req, new AppError(codes.notFound));
  });
}
