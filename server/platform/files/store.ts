import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FileKind } from '../lib/file-types.ts';

/**
 * The one file store: every uploaded file lives under `<UPLOAD_DIR>/<use>/<random>.<ext>` (a directory every
 * instance shares), one subfolder per use, and the row that owns it keeps the random name. A use may also
 * name a folder of files shipped with the code (the demo content), read when no upload has the name. The
 * callers' rule for replacing: save the new file first, write the row, then remove the old file once the
 * change committed (a failed change removes the new one instead), so nothing is left behind either way.
 */

/** The uses, each a subfolder of UPLOAD_DIR (the layout is kept: backups and operators rely on it). */
export type FileUse = 'resources' | 'lessons' | 'submissions' | 'resumes' | 'offer-letters' | 'story-photos';

/** A stored upload: a random UUID and the extension of its kind. */
const STORED = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
/** A file shipped with the code: lower-case words and dashes. */
const SHIPPED = /^[a-z0-9][a-z0-9-]{0,120}\.[a-z0-9]{2,5}$/;

/** A file one use stores, named for a removal after a commit (an erasure lists several uses' files). */
export type StoredFile = { use: FileUse; name: string };

export type FileStore = ReturnType<typeof fileStore>;

export function fileStore(uploadDir: string, use: FileUse, options: { shipped?: string } = {}) {
  const dir = path.join(uploadDir, use);
  return {
    /** Whether a name is one this store gives its uploads. */
    isStoredName: (name: string) => STORED.test(name),
    /** Writes a new file under a fresh random name; answers that name. */
    async save(content: Buffer, kind: FileKind): Promise<string> {
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${kind.ext}`;
      await fs.promises.writeFile(path.join(dir, name), content, { flag: 'wx' });
      return name;
    },
    /** Removes an upload (a shipped file is never removed; an unknown name is nothing to do). */
    async remove(name: string | null | undefined): Promise<void> {
      if (name && STORED.test(name)) await fs.promises.rm(path.join(dir, name), { force: true });
    },
    /** The path on disk of a file: the upload, else the shipped file; null when neither exists. */
    locate(name: string | null | undefined): string | null {
      if (!name) return null;
      if (STORED.test(name)) {
        const upload = path.join(dir, name);
        if (fs.existsSync(upload)) return upload;
      }
      if (!options.shipped || !SHIPPED.test(name)) return null;
      const shipped = path.join(options.shipped, name);
      return fs.existsSync(shipped) ? shipped : null;
    },
    /** The uploads on disk, by name (tests check that none is orphaned). */
    async list(): Promise<string[]> {
      try {
        return (await fs.promises.readdir(dir)).sort();
      } catch {
        return [];
      }
    },
  };
}

/** Removes files of several uses (an erasure's, after its commit). */
export async function removeStored(uploadDir: string, files: readonly StoredFile[]): Promise<void> {
  for (const file of files) await fileStore(uploadDir, file.use).remove(file.name);
}

/**
 * Sends a stored file as an attachment: its type, a download name (quotes and non-ASCII replaced in the
 * plain parameter, the exact name in `filename*`), no sniffing by the browser, and the caller's caching
 * (private and never stored, unless the file is public).
 */
export function sendFile(
  reply: FastifyReply,
  location: string,
  file: { type: string; downloadName: string; cache?: string },
) {
  const plain = file.downloadName.replace(/[^\x20-\x7e]|"/g, '_');
  return reply
    .type(file.type)
    .header(
      'Content-Disposition',
      `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file.downloadName)}`,
    )
    .header('Cache-Control', file.cache ?? 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(fs.createReadStream(location));
}
