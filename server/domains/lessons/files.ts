import path from 'node:path';
import { fileStore } from '../../platform/files/store.ts';

/** Demo lessons name a file shipped with the code (the catalogue's demo resources). */
const DEMO_DIR = path.resolve(import.meta.dirname, '..', 'catalogue', 'demo-files', 'resources');

/** Lesson files are never under a public path: served only by the lesson's file route, under its access rule. */
export const createLessonFiles = (uploadDir: string) => fileStore(uploadDir, 'lessons', { shipped: DEMO_DIR });

export type LessonFiles = ReturnType<typeof createLessonFiles>;
