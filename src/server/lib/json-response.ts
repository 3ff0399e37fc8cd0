import type { FastifyReply } from 'fastify';
import { encode, type ZodType } from 'zod';

/**
 * Pre-serialised JSON answers for the hottest calls (settings.php, user.php): the value is checked and stripped by
 * the route's response schema exactly as the route's serializer would (zod encode), once, and the bytes are reused
 * until what they were made from changes. A Buffer sent with a JSON content type skips Fastify's serializer.
 */
export function jsonBytes<T>(schema: ZodType<T>, value: T): Buffer {
  return Buffer.from(JSON.stringify(encode(schema, value)));
}

export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}

/**
 * Bytes per key, kept with an owner object (a cached site row, a cached session) and dropped with it: when the owner
 * is replaced (the site directory reloads, the session cache drops an entry) its bytes go too.
 */
export class BytesByOwner<O extends object> {
  private readonly byOwner = new WeakMap<O, Map<string, Buffer>>();

  constructor(private readonly maxPerOwner = 1_000) {}

  get(owner: O, key: string, make: () => Buffer): Buffer {
    let map = this.byOwner.get(owner);
    if (!map) {
      map = new Map();
      this.byOwner.set(owner, map);
    }
    let bytes = map.get(key);
    if (!bytes) {
      bytes = make();
      if (map.size >= this.maxPerOwner) map.clear();
      map.set(key, bytes);
    }
    return bytes;
  }
}
