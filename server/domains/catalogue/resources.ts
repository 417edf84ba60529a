import type { z } from 'zod';
import { OFFICE_MESSAGES, type ResourceInput } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { mimeOfExtension, type FileKind } from '../../platform/lib/file-types.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAdminWrites, facultyReference } from './admin-writes.ts';
import { toResource } from './present.ts';
import { createResourceRepository } from './repositories/content.ts';
import { createResourceFiles, MEDIA_PREFIX } from './resource-files.ts';

/** The resource library: the list, the administrator's writes, and each resource's one file. */

function values(input: z.output<typeof ResourceInput>) {
  return {
    title: input.title,
    description: input.description,
    resource_type: input.resource_type,
    external_url: input.external_url || null,
    file: input.file || null,
    is_featured: input.is_featured ? 1 : 0,
  };
}

async function readResource(db: Db, id: number) {
  const row = await createResourceRepository(db).findById(id);
  return row ? toResource(row) : undefined;
}

/** "Credit Appraisal Note Template" → "credit-appraisal-note-template". */
function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 80) || 'resource'
  );
}

export function createResourceService(db: Db, uploadDir: string) {
  const resources = createResourceRepository(db);
  const files = createResourceFiles(uploadDir);
  /** An uploaded file's link is set by the upload route only, so one file never belongs to two resources. */
  const refuseTypedLink = (input: z.output<typeof ResourceInput>, current: string | null) => {
    if (input.file && files.nameOf(input.file) && input.file !== current)
      throw new ValidationFailed({ file: [OFFICE_MESSAGES.fileLinkTyped] });
  };

  return {
    list: async (filters: Parameters<typeof resources.list>[0]) => (await resources.list(filters)).map(toResource),

    writes: createAdminWrites(db, {
      entity: 'resource',
      read: readResource,
      async create(trx, input: z.output<typeof ResourceInput>) {
        refuseTypedLink(input, null);
        const author = await facultyReference(trx, 'author_id', input.author_id);
        return createResourceRepository(trx).create({ ...values(input), author_id: author.value ?? null });
      },
      async update(trx, id, input, before) {
        refuseTypedLink(input, before.file);
        const author = await facultyReference(trx, 'author_id', input.author_id);
        await createResourceRepository(trx).update(id, {
          ...values(input),
          ...('value' in author ? { author_id: author.value } : {}),
        });
      },
      remove: async (trx, id) => (await createResourceRepository(trx).remove(id), 'deleted'),
      // A file the resource no longer links (replaced, cleared, or the resource deleted) goes too.
      afterUpdate: async (before, after) => {
        if (before.file !== after.file) await files.remove(before.file);
      },
      afterRemove: async (before) => files.remove(before.file),
    }),

    /**
     * Keeps an uploaded file as the resource's file, with its audit row; the file it replaces goes after the
     * change commits, the new one if the change fails. Answers the resource.
     */
    async attachFile(adminId: number, id: number, upload: { content: Buffer; kind: FileKind }) {
      const { content, kind } = upload;
      const link = await files.save(content, kind);
      let previous: string | null = null;
      try {
        const resource = await inTransaction(db, async (trx) => {
          const repo = createResourceRepository(trx);
          const before = await repo.findById(id);
          if (!before) throw notFound();
          previous = before.file;
          await repo.update(id, { file: link });
          await createAuditRepository(trx).record({
            actorId: adminId,
            action: 'upload',
            entity: 'resource',
            entityId: id,
            changes: { file: { from: before.file, to: link }, bytes: content.length, type: kind.mime },
          });
          return toResource((await repo.findById(id))!);
        });
        await files.remove(previous);
        return resource;
      } catch (error) {
        await files.remove(link);
        throw error;
      }
    },

    /** Clears the resource's file (audited); the file goes once that commits. */
    async removeFile(adminId: number, id: number): Promise<void> {
      const previous = await inTransaction(db, async (trx) => {
        const repo = createResourceRepository(trx);
        const before = await repo.findById(id);
        if (!before) throw notFound();
        await repo.update(id, { file: null });
        await createAuditRepository(trx).record({
          actorId: adminId,
          action: 'update',
          entity: 'resource',
          entityId: id,
          changes: { file: { from: before.file, to: null } },
        });
        return before.file;
      });
      await files.remove(previous);
    },

    /**
     * A stored file to serve, only while a resource links it, under a name made from that resource's title
     * (404 otherwise): its place on disk, type and download name.
     */
    async servedFile(name: string) {
      if (!files.isValidName(name)) throw notFound();
      const resource = await resources.findByFile(MEDIA_PREFIX + name);
      const ext = name.slice(name.lastIndexOf('.') + 1);
      const mime = mimeOfExtension(ext);
      const location = resource && mime ? files.locate(name) : null;
      if (!resource || !mime || !location) throw notFound();
      return { location, mime, downloadName: `${slug(resource.title)}.${ext}` };
    },
  };
}
