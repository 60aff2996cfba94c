/**
 * A WebAuthn authenticator in software for the API tests: a P-256 key pair behind one credential,
 * answering registration options with a "none" attestation and authentication options with an
 * ES256 signature, byte for byte as a browser's navigator.credentials would (WebAuthn Level 2,
 * §6.1 authenticator data, §6.5.1 attested credential data, COSE keys of RFC 8152).
 */
import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** Flags of the authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (...parts: Uint8Array[]): Bytes => new Uint8Array(Buffer.concat(parts));
const b64url = (b: Bytes) => isoBase64URL.fromBuffer(b);
const sha256 = (b: Uint8Array | string): Bytes => bytes(crypto.createHash('sha256').update(b).digest());

export interface ClientAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, string | string[]>;
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

export class SoftAuthenticator {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly rawId = bytes(crypto.randomBytes(16));
  private counter = 0;

  /** `origin` is where the "browser" runs; the RP id is its host unless `rpId` says otherwise. */
  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  /** The credential id as the server stores and lists it (base64url). */
  get id(): string {
    return b64url(this.rawId);
  }

  /** Answers PasskeyRegisterOptions' options (navigator.credentials.create). */
  register(options: { challenge: string }): ClientAnswer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Bytes>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const idLength = new Uint8Array([this.rawId.length >> 8, this.rawId.length & 0xff]);
    const authData = bytes(
      this.authData(UP | UV | AT),
      new Uint8Array(16), // AAGUID: none
      idLength,
      this.rawId,
      isoCBOR.encode(cose),
    );
    const attestation = isoCBOR.encode(
      new Map<string, string | Bytes | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return this.answer({
      clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
      attestationObject: b64url(attestation),
      transports: ['internal'],
    });
  }

  /** Answers LoginPasskeyOptions' options (navigator.credentials.get); `key` signs instead when given (a stranger's). */
  sign(options: { challenge: string }, key: crypto.KeyObject = this.keys.privateKey): ClientAnswer {
    const authData = this.authData(UP | UV);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign('sha256', bytes(authData, sha256(clientData)), key);
    return this.answer({
      authenticatorData: b64url(authData),
      clientDataJSON: b64url(clientData),
      signature: b64url(bytes(signature)),
    });
  }

  /** RP id hash, flags and the signature counter (raised on every use). */
  private authData(flags: number): Bytes {
    this.counter += 1;
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, this.counter);
    return bytes(sha256(this.rpId), new Uint8Array([flags]), count);
  }

  private clientData(type: string, challenge: string): Bytes {
    return bytes(new TextEncoder().encode(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }

  private answer(response: ClientAnswer['response']): ClientAnswer {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
