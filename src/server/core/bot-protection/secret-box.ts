import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A secret as stored: AES-256-GCM, with the IV and tag beside it (all base64url). */
export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

/**
 * Encrypts the providers' secret keys at rest (ADR 022): AES-256-GCM under a key derived with HKDF-SHA-256
 * from the server's secret (AUTH_SECRET, src/server/auth/secret.ts) and its own label, so the key is never the
 * auth secret itself. The provider's name is the associated data: a sealed secret copied to another provider's
 * slot does not open. A database dump without the server's secret holds no usable key.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'chess-site', 'bot-protection-keys-v1', 32));
  }

  seal(plain: string, context: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return {
      v: 1,
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
      data: data.toString('base64url'),
    };
  }

  /** The plain secret, or null when it was sealed under another server secret or altered. */
  open(sealed: SealedSecret, context: string): string | null {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed.data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
