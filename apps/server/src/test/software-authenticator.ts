// A software WebAuthn authenticator for the server's tests: a P-256 key from node:crypto, a 'none' attestation
// and assertions built byte by byte as the WebAuthn spec lays them out (authenticatorData, clientDataJSON,
// an ES256 signature over authenticatorData ‖ SHA-256(clientDataJSON)), so the server's real verification runs.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// authenticatorData flags (WebAuthn §6.1): user present, user verified, attested credential data included.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type Ceremony = { challenge: string; rpId?: string; rp?: { id: string } };

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter the next assertion carries (then incremented). */
  counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  /** The RegistrationResponseJSON navigator.credentials.create would give for `options`. */
  attest(options: Ceremony, opts: { origin?: string } = {}) {
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, isoCBOR.encode(cose)]);
    const authData = this.authenticatorData(rpId, UP | UV | AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, opts.origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** The AuthenticationResponseJSON navigator.credentials.get would give for `options`, counter + 1. */
  assert(options: Ceremony, opts: { origin?: string; counter?: number } = {}) {
    this.counter = opts.counter ?? this.counter + 1;
    const authData = this.authenticatorData(options.rpId ?? new URL(this.origin).hostname, UP | UV);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(sign('sha256', signed, this.key)),
      },
      clientExtensionResults: {},
    };
  }
}
