import { assertEvent, assign, setup } from 'xstate';
import { ApiError, MESSAGES } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * The admin panel's dialog and delete flow for the active tab (spec sections 2 and 4, Admin modal
 * modes; section 8 for the texts). The view renders the dialog while the `open` tag is on, and
 * disables its buttons while `saving` is on.
 */
export type AdminModalMode = 'view' | 'add' | 'edit' | 'resolve';

export type AdminModalContext = {
  mode: AdminModalMode | null;
  /** The item viewed, edited, resolved or deleted; null when adding. */
  item: unknown | null;
  /** The failure of the last save (shown in the dialog) or delete (shown in the panel). */
  error: string | null;
  /** The success text of the last save, shown in the panel. */
  notice: string | null;
  /** Field messages of a 400 answer to the last save, by field name. */
  fieldErrors: Record<string, string>;
};

export type AdminFormValues = Record<string, unknown>;

export type AdminModalEvent =
  | { type: 'modal.view'; item: unknown }
  | { type: 'modal.add' }
  | { type: 'modal.edit'; item: unknown }
  | { type: 'modal.resolve'; item: unknown }
  | { type: 'modal.submit'; values: AdminFormValues }
  | { type: 'modal.close' }
  | { type: 'modal.delete'; item: unknown }
  | { type: 'modal.confirm' }
  | { type: 'notice.dismiss' };

export type SaveItemInput = { mode: 'add' | 'edit' | 'resolve'; item: unknown | null; values: AdminFormValues };
export type DeleteItemInput = { item: unknown };

const SAVED_NOTICE = { add: MESSAGES.adminCreated, edit: MESSAGES.adminUpdated, resolve: MESSAGES.adminResolved };

export const adminModalMachine = setup({
  types: {
    context: {} as AdminModalContext,
    events: {} as AdminModalEvent,
  },
  actors: {
    /** Create (add), update (edit) or resolve the item, by the active tab's endpoint. */
    saveItem: notProvided<unknown, SaveItemInput>('saveItem'),
    deleteItem: notProvided<unknown, DeleteItemInput>('deleteItem'),
  },
  actions: {
    /** The app reloads the active tab's list (and the stats). */
    itemSaved: appAction(),
    open: assign((_, params: { mode: AdminModalMode | null; item: unknown | null }) => ({
      mode: params.mode,
      item: params.item,
      error: null,
      notice: null,
      fieldErrors: {},
    })),
    close: assign({ mode: null, item: null, fieldErrors: {} }),
    announceSaved: assign(({ context }) => ({
      notice:
        context.mode === 'add' || context.mode === 'edit' || context.mode === 'resolve'
          ? SAVED_NOTICE[context.mode]
          : null,
      error: null,
    })),
    showSaveError: assign((_, params: { error: unknown }) => ({
      error: MESSAGES.adminSaveFailed,
      fieldErrors: params.error instanceof ApiError ? params.error.fieldErrors : {},
    })),
    showDeleteError: assign({ error: MESSAGES.adminDeleteFailed }),
    clearError: assign({ error: null, fieldErrors: {} }),
    dismissNotice: assign({ notice: null, error: null }),
  },
  guards: {
    isAdding: ({ context }) => context.mode === 'add',
    isEditing: ({ context }) => context.mode === 'edit',
  },
}).createMachine({
  id: 'adminModal',
  initial: 'closed',
  context: { mode: null, item: null, error: null, notice: null, fieldErrors: {} },
  states: {
    closed: {
      on: {
        'modal.view': {
          target: 'viewing',
          actions: { type: 'open', params: ({ event }) => ({ mode: 'view', item: event.item }) },
        },
        'modal.add': { target: 'adding', actions: { type: 'open', params: { mode: 'add', item: null } } },
        'modal.edit': {
          target: 'editing',
          actions: { type: 'open', params: ({ event }) => ({ mode: 'edit', item: event.item }) },
        },
        'modal.resolve': {
          target: 'resolving',
          actions: { type: 'open', params: ({ event }) => ({ mode: 'resolve', item: event.item }) },
        },
        'modal.delete': {
          target: 'confirmingDelete',
          actions: { type: 'open', params: ({ event }) => ({ mode: null, item: event.item }) },
        },
        'notice.dismiss': { actions: 'dismissNotice' },
      },
    },
    viewing: {
      tags: ['open'],
      on: { 'modal.close': { target: 'closed', actions: 'close' } },
    },
    adding: {
      tags: ['open'],
      on: {
        'modal.submit': { target: 'saving', actions: 'clearError' },
        'modal.close': { target: 'closed', actions: ['close', 'clearError'] },
      },
    },
    editing: {
      tags: ['open'],
      on: {
        'modal.submit': { target: 'saving', actions: 'clearError' },
        'modal.close': { target: 'closed', actions: ['close', 'clearError'] },
      },
    },
    resolving: {
      tags: ['open'],
      on: {
        'modal.submit': { target: 'saving', actions: 'clearError' },
        'modal.close': { target: 'closed', actions: ['close', 'clearError'] },
      },
    },
    // The dialog stays open (and its form values in the view) until the server has answered.
    saving: {
      tags: ['open', 'saving'],
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context, event }) => {
          assertEvent(event, 'modal.submit');
          const mode = context.mode === 'add' || context.mode === 'edit' ? context.mode : 'resolve';
          return { mode, item: context.item, values: event.values };
        },
        onDone: { target: 'closed', actions: ['announceSaved', 'close', 'itemSaved'] },
        // Back to the form the values came from, so the user can correct them.
        onError: [
          {
            guard: 'isAdding',
            target: 'adding',
            actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: 'isEditing',
            target: 'editing',
            actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'resolving',
            actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The view shows MESSAGES.deleteConfirm. */
    confirmingDelete: {
      tags: ['open'],
      on: {
        'modal.confirm': { target: 'deleting' },
        'modal.close': { target: 'closed', actions: 'close' },
      },
    },
    deleting: {
      tags: ['open', 'saving'],
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ item: context.item }),
        onDone: { target: 'closed', actions: ['close', 'itemSaved'] },
        onError: { target: 'closed', actions: ['close', 'showDeleteError'] },
      },
    },
  },
});

/** The admin modal machine (what a view that runs one needs). */
export type AdminModalLogic = typeof adminModalMachine;
