import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { AdminMachines } from '../types.ts';

/** A form field of an admin form, rendered by the generic form (values are strings/booleans in the form). */
export type FieldSpec = {
  name: string;
  label: string;
  /** A `datetime` is typed in India Standard Time (sent with the IST offset, labelled IST), whatever the browser's zone. */
  kind:
    | 'text'
    | 'textarea'
    | 'number'
    | 'email'
    | 'url'
    | 'select'
    | 'checkbox'
    | 'datetime'
    | 'date'
    | 'file'
    /** Several of `choices`, searched by label; the value is their values joined with ", ". */
    | 'multiselect';
  required?: boolean;
  options?: { value: string; label: string }[];
  /**
   * A select whose options the panel loads (the faculty list, the staff who can follow a lead up); its value
   * is sent as an id, or null when none is chosen.
   */
  choices?: keyof AdminChoices;
  /** A `file` field's types offered and its hint (default: the resources' documents and images). */
  accept?: string;
  hint?: string;
};

export type Choice = { value: string; label: string };

/** Options loaded from the API for the forms' selects (src/app/composition/admin.ts). */
export type AdminChoices = {
  /** Faculty members (program and workshop instructor, resource author), by faculty id. */
  faculty: Choice[];
  /** Active administrators and instructors (a counseling request's assignee), by user id. */
  staff: Choice[];
  /** Every program (a batch's program), by program id. */
  programs?: Choice[];
  /** Every batch ("Program · Batch"), by batch id (the Timetable tab's batch). */
  batches?: Choice[];
  /** Every program and workshop ("Program · Title"), as `program:3` / `workshop:5` (a coupon's courses). */
  courses?: Choice[];
  /** Every employer of the placement record, by employer id (an offer's employer). */
  employers?: Choice[];
  /** Verified offers ("Student · Employer · Designation"), by offer id (a success story's offer, decision 079). */
  verifiedOffers?: Choice[];
};

/** A `file` field holds the File chosen (or '' for none). */
export type FormValues = Record<string, string | boolean | File>;

export type Column<T> = { label: string; render: (item: T) => ReactNode };

/** A list filter of a tab; its value lives in the page URL under `name`, so a filtered view can be shared. */
export type FilterSpec = {
  name: string;
  label: string;
  kind: 'search' | 'select' | 'date';
  options?: { value: string; label: string }[];
  /** A select's empty choice (default "All"). */
  emptyLabel?: string;
  /** Options loaded from the API, after `options` (the assignee filter: "Nobody yet", then the staff). */
  choices?: keyof AdminChoices;
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
  /** The whole list from elsewhere than `listPath` (a batch's sessions come with the batch). */
  fetchList?: () => Promise<T[]>;
  /** Links of a row to another view (a batch's Sessions): the page URL's new search params. */
  rowLinks?: (item: T) => { label: string; search: Record<string, string> }[];
  columns: Column<T>[];
  /** Filters shown above the list (values in the URL). */
  filters?: FilterSpec[];
  /** CSV export of the list with the current filters. */
  exportPath?: string;
  /** Read-only details shown by View. */
  details: (item: T) => [string, ReactNode][];
  /** What View offers besides the details (a user's Send password reset link). */
  viewExtra?: (item: T, machines: AdminMachines) => ReactNode;
  /**
   * A row's own task: a button on the rows it is `allowed` for, opening a dialog titled `label` that
   * `render` fills (the Users tab's Grant scholarship, on students' rows); the task runs its own machine.
   */
  rowTask?: { label: string; allowed: (item: T) => boolean; render: (item: T, machines: AdminMachines) => ReactNode };
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
    /** No Add New (counseling requests come from /contact; the office only follows them up). */
    editOnly?: boolean;
    /** A save that is more than one call (counseling: the PATCH, then the new note; resources: then the file). */
    save?: (mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) => Promise<unknown>;
    /** The row button and dialog title instead of Edit ("Move due date", "Revoke"). */
    editLabel?: string;
    /** Which rows offer it (default: every row). */
    editAllowed?: (item: T) => boolean;
    /** The edit dialog's title when it differs from `editLabel` (the button "Move to batch" opens "Move to another batch"). */
    editTitle?: string;
    /** What the edit dialog says above its form (a certificate's Revoke: what revoking it touches). */
    intro?: (item: T) => ReactNode;
    /** The edit dialog's own form instead of `fields` (an enrollment's batch: a choice loaded when it opens). */
    EditForm?: ComponentType<EditFormProps>;
  };
  /** More buttons of a row (a module's Move up and Move down): drawn in its Actions cell. */
  RowExtra?: ComponentType<RowExtraProps<T>>;
  /** Delete without a form (enrollments and payments: only what has no money behind it; the server says why not). */
  removePath?: (id: number) => string;
  /** Delete's confirmation when it reads and lists what the delete touches first (decision 077). */
  ConfirmDelete?: ComponentType<ConfirmDeleteProps>;
  /** Resolve (enrollments and payments only). */
  resolvePath?: (id: number) => string;
  /** Refund through the payment gateway (payments only): where, and which rows offer it. */
  refund?: {
    path: (id: number) => string;
    allowed: (item: T) => boolean;
    /** The id the path takes (default the row's: an instalment row refunds its enrollment). */
    target?: (item: T) => number;
    /** The dialog's form (default the payment refund's: amount, reason, access). */
    Form?: ComponentType<RefundFormProps>;
  };
};

/** What a Delete confirmation gets: the row, the admin machines, the delete's state and its two answers. */
export type ConfirmDeleteProps = {
  item: { id: number };
  machines: AdminMachines;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** What a refund dialog's form gets (the item refunded, the save's state and the server's field messages). */
export type RefundFormProps = {
  item: unknown;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
};

/** What an edit dialog's own form gets: a refund form's props, and the admin machines (its loads). */
export type EditFormProps = RefundFormProps & { machines: AdminMachines | undefined };

/** What a row's extra buttons get: the row, where it is in the list shown, and a reload of that list. */
export type RowExtraProps<T> = {
  item: T;
  index: number;
  items: T[];
  machines: AdminMachines | undefined;
  /** Reloads the tab's list (and runs the tab's onSaved). */
  onChanged: () => void;
};

/** What a tab that is not a list gets (the revenue report): the machines and the filters from the URL. */
export type AdminPanelProps = { machines: AdminMachines; params: Record<string, string> };

/** A tab drawn by its own component (its filters still live in the URL). */
export type AdminPanelTab = {
  key: string;
  label: string;
  filters?: FilterSpec[];
  panel: ComponentType<AdminPanelProps>;
};

export type AdminTab = AdminResource | AdminPanelTab;
