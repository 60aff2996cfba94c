/** GET /api/<file>/<id>: the registry's binary reads (ID document images, invoice PDFs). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize, isPublic, type PublicAccess } from '../http/access.js';
import { AppError } from '../http/errors.js';
import { refuseControlChars } from '../http/control-chars.js';
import type { AnyFile, FileDef } from '../routes/route-defs.js';
import { contextOf, principalFor, userContextOf, type AppServices } from './request-context.js';

const isPublicFile = (file: AnyFile): file is FileDef<PublicAccess> => isPublic(file.access);

/** The file of `id` for the caller, after the access check (which throws the catalogue's refusal). */
async function fetchFile(file: AnyFile, req: FastifyRequest, services: AppServices, id: string) {
  const caller = await principalFor(req, file.access, services);
  if (isPublicFile(file)) {
    refuseControlChars(id, 'id');
    return file.handler(contextOf(req, services, caller), id);
  }
  const user = authorize(file.access, caller, { area: file.tokenArea, mode: 'read' });
  refuseControlChars(id, 'id');
  return file.handler(userContextOf(req, services, user), id);
}

/** Each file with its own content type, shown inline, never cached or sniffed; unknown ids are 404s. */
export function registerFiles(app: FastifyInstance, services: AppServices, files: readonly AnyFile[]): void {
  for (const file of files) {
    app.get(`/api/${file.name}/:id`, async (req, reply) => {
      const found = await fetchFile(file, req, services, (req.params as { id: string }).id);
      if (!found) throw new AppError('NotFound');
      return reply
        .type(found.contentType)
        .header(
          'Content-Disposition',
          `${found.attachment ? 'attachment' : 'inline'}${found.filename ? `; filename="${found.filename.replace(/[^\w.-]/g, '_')}"` : ''}`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(found.body);
    });
  }
}
