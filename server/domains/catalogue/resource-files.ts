import path from 'node:path';
import type { FileKind } from '../../platform/lib/file-types.ts';
import { fileStore } from '../../platform/files/store.ts';

/**
 * Resource files, kept by the one file store (server/platform/files/store.ts) under `resources/` and linked
 * as `/media/resources/<random>.<ext>`; the demo content's files ship with the code
 * (server/domains/catalogue/demo-files) and are served from there under the same kind of link. A file
 * belongs to exactly one resource: it is removed when the resource is deleted or its file replaced or
 * cleared, after the database change commits (a failed change removes the new file instead).
 */

export const MEDIA_PREFIX = '/media/resources/';
const NAME = /^[a-z0-9][a-z0-9-]{0,120}\.[a-z0-9]{2,5}$/;
const DEMO_DIR = path.resolve(import.meta.dirname, 'demo-files', 'resources');

export function createResourceFiles(uploadDir: string) {
  const store = fileStore(uploadDir, 'resources', { shipped: DEMO_DIR });

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
    save: async (content: Buffer, kind: FileKind): Promise<string> => MEDIA_PREFIX + (await store.save(content, kind)),
    /** Removes an uploaded file a link points at (demo files are never removed). */
    remove: (link: string | null | undefined): Promise<void> => store.remove(nameOf(link)),
    /** The path on disk of a linked file: the upload, else the shipped demo file; null when neither exists. */
    locate: (name: string): string | null => (NAME.test(name) ? store.locate(name) : null),
  };
}
