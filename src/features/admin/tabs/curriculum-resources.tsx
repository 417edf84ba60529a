import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import {
  ApiError,
  DELETE_IMPACT_PATHS,
  DELIVERY_PATHS,
  Lesson,
  LessonInput,
  LessonPatch,
  Module,
  ModuleInput,
  ModulePatch,
  type LessonKind,
} from '../../../../contract/index.ts';
import { optionsOf } from '../../../components/field.tsx';
import { api } from '../../../lib/api-client.ts';
import { uploadFile } from '../api/admin-api.ts';
import { AdminTabPanel } from '../components/admin-tab-panel.tsx';
import { confirmDeleteWithImpact } from '../components/confirm-delete-impact.tsx';
import { reorderButtons } from '../components/reorder-buttons.tsx';
import { text } from './form-values.ts';
import type { AdminPanelProps, AdminPanelTab, AdminResource, FieldSpec } from './resource-types.ts';
import { yesNo } from './shared-fields.ts';

/**
 * The Curriculum tab (decision record 044): a program's modules, and the lessons of the module chosen
 * (a module row's Lessons), over /api/admin/programs/{id}/modules/, /modules/{id}/ and /lessons/{id}/.
 * Position is the order (0 first), changed by a row's Move up and Move down (or a position typed in Edit);
 * a document lesson's file is uploaded after the lesson is saved.
 */

const KIND_LABELS: Record<LessonKind, string> = { video: 'Video', document: 'Document', text: 'Text', link: 'Link' };

const ModuleWithLessons = Module.extend({ lessons: z.array(Lesson) });
type ModuleWithLessons = z.infer<typeof ModuleWithLessons>;

/** An empty position is "at the end" (the server's default), so it is left out rather than sent as null. */
const withoutEmptyPosition = (values: unknown) => {
  const { position, ...rest } = values as Record<string, unknown>;
  return position === null ? rest : { ...rest, position };
};

const fetchModules = (programId: number) =>
  api.get(DELIVERY_PATHS.adminProgramModules(programId), z.array(ModuleWithLessons));

const MODULE_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'position', label: 'Position (0 first; empty: at the end)', kind: 'number' },
];

function modulesResourceFor(programId: number): AdminResource<ModuleWithLessons> {
  return {
    key: `modules-${programId}`,
    label: 'Modules',
    singular: 'Module',
    item: ModuleWithLessons,
    listPath: DELIVERY_PATHS.adminProgramModules(programId),
    listQuery: {},
    columns: [
      { label: 'Position', render: (m) => String(m.position) },
      { label: 'Title', render: (m) => m.title },
      { label: 'Lessons', render: (m) => String(m.lessons.length) },
    ],
    rowLinks: (m) => [
      { label: 'Lessons', search: { tab: 'curriculum', program: String(programId), module: String(m.id) } },
    ],
    RowExtra: reorderButtons<ModuleWithLessons>(DELIVERY_PATHS.adminModule, (m) => m.title),
    details: (m) => [
      ['Title', m.title],
      ['Position', String(m.position)],
      ['Lessons', m.lessons.map((l) => l.title).join(', ')],
    ],
    form: {
      fields: MODULE_FIELDS,
      schema: z.preprocess(withoutEmptyPosition, ModuleInput),
      empty: { title: '', position: '' },
      toValues: (m) => ({ title: m.title, position: text(m.position) }),
      createPath: DELIVERY_PATHS.adminProgramModules(programId),
      updatePath: (id) => DELIVERY_PATHS.adminModule(id),
      removePath: (id) => DELIVERY_PATHS.adminModule(id),
      edit: { fields: MODULE_FIELDS, schema: z.preprocess(withoutEmptyPosition, ModulePatch), method: 'PATCH' },
    },
    ConfirmDelete: confirmDeleteWithImpact(DELETE_IMPACT_PATHS.module),
  };
}

const LESSON_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'kind', label: 'Kind', kind: 'select', required: true, options: optionsOf(KIND_LABELS) },
  { name: 'body', label: 'Text (a text lesson’s content, or notes)', kind: 'textarea' },
  { name: 'url', label: 'URL (a video or link lesson)', kind: 'url' },
  { name: 'upload', label: 'File (a document lesson; replaces the current one)', kind: 'file' },
  { name: 'duration_minutes', label: 'Duration (minutes)', kind: 'number' },
  { name: 'position', label: 'Position (0 first; empty: at the end)', kind: 'number' },
  { name: 'is_preview', label: 'Free preview (anyone may open it)', kind: 'checkbox' },
];
const upload = { upload: z.instanceof(File).optional() };

/**
 * Saves a lesson, then uploads the file chosen, if any. A refused upload leaves the dialog open with the
 * server's sentence under the field; when adding, the lesson just created goes again, so that the next save
 * creates exactly one.
 */
function saveLessonOf(moduleId: number) {
  return async (mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) => {
    const { upload: file, ...fields } = values as { upload?: File } & Record<string, unknown>;
    const saved =
      mode === 'add' || !item
        ? await api.post(DELIVERY_PATHS.adminModuleLessons(moduleId), fields, Lesson)
        : Lesson.parse(await api.send('PATCH', DELIVERY_PATHS.adminLesson(item.id), fields));
    if (file) {
      await uploadFile('PUT', DELIVERY_PATHS.adminLessonFile(saved.id), file).catch(async (error: unknown) => {
        if (mode === 'add' || !item) await api.delete(DELIVERY_PATHS.adminLesson(saved.id)).catch(() => undefined);
        const data = error instanceof ApiError ? (error.body as { file?: unknown; error?: unknown } | null) : null;
        if (error instanceof ApiError && data && (data.file || data.error))
          throw new ApiError(error.status, { upload: data.file ?? [data.error] });
        throw error;
      });
    }
    return saved;
  };
}

function lessonsResourceFor(programId: number, moduleId: number): AdminResource<Lesson> {
  return {
    key: `lessons-${moduleId}`,
    label: 'Lessons',
    singular: 'Lesson',
    item: Lesson,
    listPath: DELIVERY_PATHS.adminProgramModules(programId),
    listQuery: {},
    fetchList: async () => (await fetchModules(programId)).find((m) => m.id === moduleId)?.lessons ?? [],
    RowExtra: reorderButtons<Lesson>(DELIVERY_PATHS.adminLesson, (l) => l.title),
    columns: [
      { label: 'Position', render: (l) => String(l.position) },
      { label: 'Title', render: (l) => l.title },
      { label: 'Kind', render: (l) => KIND_LABELS[l.kind] },
      { label: 'Duration', render: (l) => (l.duration_minutes === null ? '—' : `${l.duration_minutes} min`) },
      { label: 'Preview', render: (l) => yesNo(l.is_preview) },
      { label: 'File', render: (l) => l.file_name ?? '—' },
    ],
    details: (l) => [
      ['Title', l.title],
      ['Kind', KIND_LABELS[l.kind]],
      ['Text', l.body],
      ['URL', l.url],
      ['File', l.file_name ?? '—'],
      ['Duration', l.duration_minutes === null ? '—' : `${l.duration_minutes} minutes`],
      ['Position', String(l.position)],
      ['Free preview', yesNo(l.is_preview)],
    ],
    form: {
      fields: LESSON_FIELDS,
      schema: z.preprocess(withoutEmptyPosition, LessonInput.extend(upload)),
      empty: {
        title: '',
        kind: 'video',
        body: '',
        url: '',
        upload: '',
        duration_minutes: '',
        position: '',
        is_preview: false,
      },
      toValues: (l) => ({
        title: l.title,
        kind: l.kind,
        body: l.body,
        url: l.url,
        upload: '',
        duration_minutes: text(l.duration_minutes),
        position: text(l.position),
        is_preview: l.is_preview,
      }),
      createPath: DELIVERY_PATHS.adminModuleLessons(moduleId),
      updatePath: (id) => DELIVERY_PATHS.adminLesson(id),
      removePath: (id) => DELIVERY_PATHS.adminLesson(id),
      edit: {
        fields: LESSON_FIELDS,
        schema: z.preprocess(withoutEmptyPosition, LessonPatch.extend(upload)),
        method: 'PATCH',
      },
      save: saveLessonOf(moduleId),
    },
    ConfirmDelete: confirmDeleteWithImpact(DELETE_IMPACT_PATHS.lesson),
  };
}

const positiveId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The Curriculum tab: the modules of the program chosen, and the lessons of the module chosen. */
function CurriculumPanel({ machines, params }: AdminPanelProps) {
  const programId = positiveId(params.program);
  const moduleId = positiveId(useSearchParams()[0].get('module'));
  const modules = useMemo(() => (programId ? modulesResourceFor(programId) : null), [programId]);
  const lessons = useMemo(
    () => (programId && moduleId ? lessonsResourceFor(programId, moduleId) : null),
    [programId, moduleId],
  );
  // A lesson saved or deleted changes its module's count: the modules list is drawn anew.
  const [lessonSaves, setLessonSaves] = useState(0);
  const lessonSaved = useCallback(() => setLessonSaves((n) => n + 1), []);
  if (!modules) return <p>Choose a program to see and change its modules and lessons.</p>;
  return (
    <>
      <AdminTabPanel
        key={`${modules.key}-${lessonSaves}`}
        resource={modules as unknown as AdminResource}
        machines={machines}
        onSaved={noop}
      />
      {lessons ? (
        <AdminTabPanel
          key={lessons.key}
          resource={lessons as unknown as AdminResource}
          machines={machines}
          onSaved={lessonSaved}
        />
      ) : (
        <p>Press Lessons on a module to see and change its lessons.</p>
      )}
    </>
  );
}

const noop = () => undefined;

export const curriculumTab: AdminPanelTab = {
  key: 'curriculum',
  label: 'Curriculum',
  filters: [{ name: 'program', label: 'Program', kind: 'select', choices: 'programs', emptyLabel: 'Choose a program' }],
  panel: CurriculumPanel,
};
