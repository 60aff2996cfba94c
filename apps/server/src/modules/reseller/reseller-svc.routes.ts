/**
 * The reseller agreement calls of the payment and service host (spec 2 §7; contract
 * schemas/reseller.ts resellerAgreementPaths), public and authenticated by the hash in the path
 * like the other account calls of the host (http/signed-path.ts, salt accountSalt):
 * - POST /svc/reseller/agreement/generate/:issuer/:email/:client/:epoch/:hash → AgreementState
 * - GET  /svc/reseller/agreement/download/:issuer/:email/:client/:epoch/:hash → the PDF
 * - POST /svc/reseller/agreement/submit/:issuer/:email/:client/:epoch/:hash, multipart with the
 *   signed copy in `file` → AgreementState
 * A wrong or stale hash is refused before anything else is read; failures count against the IP.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { accountSalt } from '@portside/contract/hubs';
import { messageText } from '@portside/contract/messages';
import { AGREEMENT_UPLOAD_FIELD, AGREEMENT_UPLOAD_MAX_BYTES } from '@portside/contract/schemas/reseller';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { FileStorage } from '../../drivers/storage/storage.js';
import { AppError } from '../../http/errors.js';
import { readMultipartBody, type UploadedFile } from '../../http/multipart.js';
import { signedParts, signedPathParts, verifySignedPath } from '../../http/signed-path.js';
import { quietLevel } from '../../hubs/log-level.js';
import { agreementDocument, generateAgreement, submitAgreement } from './agreement.service.js';

export interface ResellerSvcDeps {
  db: Database;
  config: Config;
  storage: FileStorage;
}

const BASE = '/svc/reseller/agreement';
const noStore = { 'Cache-Control': 'no-store' };

export async function registerResellerSvcRoutes(app: FastifyInstance, deps: ResellerSvcDeps): Promise<void> {
  /** The signed user of `/svc/reseller/agreement/<call>/<5 signed parts>`. */
  const signer = (req: FastifyRequest, call: string) =>
    verifySignedPath(deps, req.ip, signedParts(signedPathParts(req, `${BASE}/${call}/`, 5)), accountSalt, {
      rateKey: `reseller:ip:${req.ip}`,
    });

  await app.register(
    async (scope) => {
      await scope.register(fastifyMultipart, { limits: { files: 1, fields: 4, fieldSize: 1024 } });

      scope.post(`${BASE}/generate/*`, async (req, reply) => {
        const user = await signer(req, 'generate');
        return reply.headers(noStore).send(await generateAgreement(deps, user, req.ip));
      });

      scope.get(`${BASE}/download/*`, async (req, reply) => {
        const user = await signer(req, 'download');
        const body = await agreementDocument(deps, user);
        return reply
          .headers({ ...noStore, 'Content-Disposition': 'attachment; filename="reseller-agreement.pdf"' })
          .type('application/pdf')
          .send(body);
      });

      scope.post(`${BASE}/submit/*`, async (req, reply) => {
        const user = await signer(req, 'submit');
        let body: unknown;
        try {
          body = await readMultipartBody(req, { fileField: AGREEMENT_UPLOAD_FIELD, maxFileBytes: AGREEMENT_UPLOAD_MAX_BYTES });
        } catch (e) {
          // Over the size limit: the agreement's own message, not the image upload's.
          if (e instanceof AppError && e.code === 'VALIDATION_FAILED')
            throw new AppError('VALIDATION_FAILED', {
              details: 'file: agreement_file_invalid',
              hint: messageText('agreement_file_invalid'),
            });
          throw e;
        }
        const file = (body as Record<string, UploadedFile | undefined> | undefined)?.[AGREEMENT_UPLOAD_FIELD];
        return reply.headers(noStore).send(await submitAgreement(deps, user, file, req.ip));
      });
      // The paths hold e-mail addresses and hashes: their request lines are not logged.
    },
    { logLevel: quietLevel(app.log) },
  );
}
