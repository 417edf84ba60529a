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
    removePath: (id: number) => string;
  };
  /** Resolve (enrollments and payments only). */
  resolvePath?: (id: number) => string;
};
