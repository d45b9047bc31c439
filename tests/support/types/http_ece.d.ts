/** The parts of http_ece (RFC 8188 content encoding, used by web-push) the follows test decrypts with. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface Parameters {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: Buffer;
  }
  const ece: { decrypt(buffer: Buffer, parameters: Parameters): Buffer };
  export default ece;
}
