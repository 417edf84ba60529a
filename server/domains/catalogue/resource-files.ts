import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileKind } from '../../platform/lib/file-types.ts';

/**
 * Resource files on disk. Uploads live in `<UPLOAD_DIR>/resources/<random>.<ext>` and are linked as
 * `/media/resources/<random>.<ext>`; the demo content's files ship with the code (server/domains/catalogue/demo-files)
 * and are served from there under the same kind of link. A file belongs to exactly one resource: it is
 * removed when the resource is deleted or its file replaced or cleared, after the database change
 * commits (a failed change removes the new file instead), so nothing is left behind either way.
 */

export const MEDIA_PREFIX = '/media/resources/';
const NAME = /^[a-z0-9][a-z0-9-]{0,120}\.[a-z0-9]{2,5}$/;
const DEMO_DIR = path.resolve(import.meta.dirname, 'demo-files', 'resources');

export function createResourceFiles(uploadDir: string) {
  const dir = path.join(uploadDir, 'resources');

  /** The stored name a link points at, if it is one of ours. */
  function nameOf(link: string | null | undefined): string | null {
    if (!link?.startsWith(MEDIA_PREFIX)) return null;
    const name = link.slice(MEDIA_PREFIX.length);
    return NAME.test(name) ? name : null;
  }

  return {
    nameOf,
    isValidName: (name: string) => NAME.test(name),
    /** Writes a new upload; answers its link. */
    async save(content: Buffer, kind: FileKind): Promise<string> {
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${kind.ext}`;
      await fs.promises.writeFile(path.join(dir, name), content, { flag: 'wx' });
      return MEDIA_PREFIX + name;
    },
    /** Removes an uploaded file a link points at (demo files are never removed). */
    async remove(link: string | null | undefined): Promise<void> {
      const name = nameOf(link);
      if (!name) return;
      await fs.promises.rm(path.join(dir, name), { force: true });
    },
    /** The path on disk of a linked file: the upload, else the shipped demo file; null when neither exists. */
    locate(name: string): string | null {
      if (!NAME.test(name)) return null;
      for (const base of [dir, DEMO_DIR]) {
        const candidate = path.join(base, name);
        if (fs.existsSync(candidate)) return candidate;
      }
      return null;
    },
    /** Uploaded files on disk (tests check that none is orphaned). */
    async listUploads(): Promise<string[]> {
      try {
        return (await fs.promises.readdir(dir)).sort();
      } catch {
        return [];
      }
    },
  };
}
