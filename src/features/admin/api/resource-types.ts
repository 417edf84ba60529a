import type { ReactNode } from 'react';
import type { z } from 'zod';

/** A form field of an admin form, rendered by the generic form (values are strings/booleans in the form). */
export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'email' | 'url' | 'select' | 'checkbox' | 'datetime';
  required?: boolean;
  options?: { value: string; label: string }[];
};

export type FormValues = Record<string, string | boolean>;

export type Column<T> = { label: string; render: (item: T) => ReactNode };

/** A list filter of a tab; its value lives in the page URL under `name`, so a filtered view can be shared. */
export type FilterSpec = {
  name: string;
  label: string;
  kind: 'search' | 'select' | 'date';
  options?: { value: string; label: string }[];
};

/** One tab of the admin panel: where its list lives, how it is shown, how it is written. */
export type AdminResource<T extends { id: number } = { id: number }> = {
  key: string;
  label: string;
  /** Singular, for dialog titles ("Add Program"). */
  singular: string;
  item: z.ZodType<T>;
  listPath: string;
  listQuery: Record<string, string | boolean>;
  columns: Column<T>[];
  /** Filters shown above the list (values in the URL). */
  filters?: FilterSpec[];
  /** CSV export of the list with the current filters. */
  exportPath?: string;
  /** Read-only details shown by View. */
  details: (item: T) => [string, ReactNode][];
  /** Add and edit (absent on enrollments and payments). */
  form?: {
    fields: FieldSpec[];
    schema: z.ZodTypeAny;
    empty: FormValues;
    toValues: (item: T) => FormValues;
    createPath: string;
    updatePath: (id: number) => string;
    /** Absent: items cannot be deleted (users are deactivated instead). */
    removePath?: (id: number) => string;
    /** Edit with other fields and a partial update (users: PATCH of what may change). */
    edit?: { fields: FieldSpec[]; schema: z.ZodTypeAny; method: 'PATCH' };
  };
  /** Delete without a form (enrollments and payments: only what has no money behind it; the server says why not). */
  removePath?: (id: number) => string;
  /** Resolve (enrollments and payments only). */
  resolvePath?: (id: number) => string;
  /** Refund through the payment gateway (payments only): where, and which rows offer it. */
  refund?: { path: (id: number) => string; allowed: (item: T) => boolean };
};
