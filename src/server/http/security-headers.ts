import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { CspSources } from '../../contracts/bot-protection';

/**
 * The security headers every response carries (T11): CSP without inline scripts, frame-ancestors 'none',
 * nosniff, HSTS, referrer policy. They never vary per request (but for a chosen bot-protection widget's origins,
 * added by `extendContentSecurityPolicy`), so helmet computes them once at start-up and a single hook copies
 * them onto each reply (@fastify/helmet rebuilt helmet, CSP parsing included, on every
 * request: a measurable share of a public read's cost).
 */
export function securityHeaders(options: { isProduction: boolean }): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the kiosk's QR decoder (zxing-wasm, served from this site) compile; it allows
        // WebAssembly only, never eval() of script (ADR 031).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Inline styles only: component libraries set style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

const EXTENDED_DIRECTIVES: Record<keyof CspSources, string> = {
  scriptSrc: 'script-src',
  frameSrc: 'frame-src',
  connectSrc: 'connect-src',
  styleSrc: 'style-src',
};

/**
 * The policy with a third-party widget's origins added to its script, frame, connect and style sources (the
 * bot-protection provider chosen by the admin, ADR 022); every other directive stays as it is.
 */
export function extendContentSecurityPolicy(policy: string, extra: CspSources): string {
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values] as const;
      }),
  );
  for (const [key, name] of Object.entries(EXTENDED_DIRECTIVES) as [keyof CspSources, string][]) {
    if (extra[key].length === 0) continue;
    directives.set(name, [...(directives.get(name) ?? ["'self'"]), ...extra[key]]);
  }
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join(';');
}

/**
 * For a response that carries inline scripts (a server-drawn page, the app's shell): a function that adds their
 * hashes to the reply's script sources. The policy differs only with the bot-protection provider chosen, so each
 * variant is extended once and remembered.
 */
export function inlineScriptsAllower(hashes: readonly string[]): (reply: FastifyReply) => void {
  const extra: CspSources = { scriptSrc: [...hashes], frameSrc: [], connectSrc: [], styleSrc: [] };
  const extended = new Map<string, string>();
  return (reply) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return;
    let allowing = extended.get(policy);
    if (!allowing) {
      allowing = extendContentSecurityPolicy(policy, extra);
      if (extended.size > 16) extended.clear();
      extended.set(policy, allowing);
    }
    reply.header('content-security-policy', allowing);
  };
}
