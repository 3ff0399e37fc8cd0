import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INPUT_RULES } from '../../shared/rules';
import { AppError } from '../lib/app-error';

/**
 * C0 control characters except tab, LF and CR, plus DEL; and (with the u flag) UTF-16 surrogates that are not part
 * of a pair. PostgreSQL refuses NUL in text and jsonb, and none of these belong in anything a member types.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udfff]/u;

export interface InputProblem {
  /** where: keys joined with '.', '' for the value itself */
  path: string;
  reason: 'control' | 'too_deep';
}

/**
 * Arrays and plain objects: JSON bodies, and the query and params objects Fastify builds (their prototype is an
 * empty object without a prototype of its own). Not buffers, streams or other class instances.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Whether every value is a clean string and every key clean (false also when there is anything to look into). */
function isFlatAndClean(obj: Record<string, unknown>): boolean {
  for (const key in obj) {
    const value = obj[key];
    if (typeof value !== 'string' || FORBIDDEN.test(value) || FORBIDDEN.test(key)) return false;
  }
  return true;
}

/** A path readable in an answer: control characters in keys are shown escaped. */
function showPath(parts: readonly (string | number)[]): string {
  return parts
    .map((p) =>
      String(p).replace(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
        /[\u0000-\u001f\u007f]|[\ud800-\udfff]/gu,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    )
    .join('.');
}

/**
 * The first string (value or object key) in `input` with a forbidden character, walking plain objects and arrays
 * up to INPUT_RULES.maxDepth levels (deeper input is a problem of its own); null when the input is clean. Buffers,
 * streams and other non-plain objects (multipart uploads) are not looked into.
 */
export function findControlCharacter(input: unknown): InputProblem | null {
  if (typeof input === 'string') return FORBIDDEN.test(input) ? { path: '', reason: 'control' } : null;
  // The common case, a query string's or a route's parameters: one level of strings. Checked in place; anything
  // else (or any hit, for its path) goes through the full walk below.
  if (isPlainContainer(input) && !Array.isArray(input) && isFlatAndClean(input)) return null;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) return { path: showPath(path), reason: 'control' };
      continue;
    }
    if (!isPlainContainer(value)) continue;
    if (path.length >= INPUT_RULES.maxDepth) return { path: showPath(path), reason: 'too_deep' };
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    // Pushed in reverse so the first field is looked at first (the answer names the first problem).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof key === 'string' && FORBIDDEN.test(key))
        return { path: showPath([...path, key]), reason: 'control' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** Whether a query or params object has any key (most GET calls have none: nothing to walk). */
function hasContent(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return value !== undefined;
  for (const _ in value) return true;
  return false;
}

function problemError(problem: InputProblem): AppError {
  const key = problem.reason === 'control' ? 'validation.control_characters' : 'errors.validation_failed';
  return new AppError(400, 'validation_failed', key, {}, { [problem.path || '_']: { key } });
}

/**
 * Refuses, before any route validates or uses it, a request whose body, query string or path parameters hold a
 * control character (see FORBIDDEN): a 400 `validation_failed` naming the field, in the request's language (the
 * error handler of plugins/errors.ts translates it). One place, so every route, present and future, is covered.
 * Register after the locale and errors plugins and before the routes.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not async: it runs on every request and is synchronous.
  app.addHook('preValidation', (req, _reply, done) => {
    const problem =
      (hasContent(req.params) ? findControlCharacter(req.params) : null) ??
      (hasContent(req.query) ? findControlCharacter(req.query) : null) ??
      (req.body === undefined ? null : findControlCharacter(req.body));
    done(problem ? problemError(problem) : undefined);
  });
});
