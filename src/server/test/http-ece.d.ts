/** The part of http_ece (RFC 8188, what web-push encrypts with) that the push round-trip test uses to decrypt. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer },
    ): Buffer;
  };
  export default ece;
}
