import { assertEvent, assign, raise, setup, type StateValue } from 'xstate';
import { ApiError, MESSAGES, userMessage } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * The admin panel's dialog and delete flow for the active tab (spec sections 2 and 4, Admin modal
 * modes; section 8 for the texts). The view renders the dialog while the `open` tag is on, and
 * disables its buttons while `saving` is on.
 */
export type AdminModalMode = 'view' | 'add' | 'edit' | 'resolve' | 'refund' | 'task';
type FormMode = Exclude<AdminModalMode, 'view' | 'task'>;

export type AdminModalContext = {
  /** The item viewed, edited, resolved or deleted; null when adding. */
  item: unknown | null;
  /** The failure of the last save (shown in the dialog) or delete (shown in the panel). */
  error: string | null;
  /** The success text of the last save, shown in the panel. */
  notice: string | null;
  /** Field messages of a 400 answer to the last save, by field name. */
  fieldErrors: Record<string, string>;
  /**
   * The refund dialog's Idempotency-Key: one per opened dialog, so a double click or a retry after a
   * failure asks the server for the same refund; null in the other dialogs.
   */
  key: string | null;
};

export type AdminFormValues = Record<string, unknown>;

export type AdminModalEvent =
  | { type: 'modal.view'; item: unknown }
  /** A row's own task (the Users tab's Grant scholarship): its dialog runs its own machine. */
  | { type: 'modal.task'; item: unknown }
  | { type: 'modal.add' }
  | { type: 'modal.edit'; item: unknown }
  | { type: 'modal.resolve'; item: unknown }
  /** `key`: a new Idempotency-Key for this dialog (the view makes one per opening). */
  | { type: 'modal.refund'; item: unknown; key: string }
  | { type: 'modal.submit'; values: AdminFormValues }
  | { type: 'modal.close' }
  | { type: 'modal.delete'; item: unknown }
  | { type: 'modal.confirm' }
  | { type: 'notice.dismiss' }
  /** Raised by the form's mode on modal.submit: the values and which save they are. */
  | { type: 'modal.save'; mode: FormMode; values: AdminFormValues };

export type SaveItemInput = { mode: FormMode; item: unknown | null; values: AdminFormValues; key: string | null };
export type DeleteItemInput = { item: unknown };

const SAVED_NOTICE = {
  add: MESSAGES.adminCreated,
  edit: MESSAGES.adminUpdated,
  resolve: MESSAGES.adminResolved,
  refund: MESSAGES.adminRefunded,
};
const MODE_STATES = { add: 'adding', edit: 'editing', resolve: 'resolving', refund: 'refunding' } as const;

/** Which dialog a state shows (from the state value alone: the view and the tests read it the same way). */
export function adminModalMode(value: StateValue): AdminModalMode | null {
  if (value === 'viewing') return 'view';
  if (value === 'task') return 'task';
  if (typeof value !== 'object' || !('form' in value)) return null;
  const mode = (value.form as { mode?: string }).mode;
  const found = (Object.keys(MODE_STATES) as FormMode[]).find((key) => MODE_STATES[key] === mode);
  return found ?? null;
}

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
    open: assign((_, params: { item: unknown | null; key?: string }) => ({
      item: params.item,
      error: null,
      notice: null,
      fieldErrors: {},
      key: params.key ?? null,
    })),
    close: assign({ item: null, fieldErrors: {}, key: null }),
    save: raise((_, params: { mode: FormMode; values: AdminFormValues }) => ({
      type: 'modal.save' as const,
      mode: params.mode,
      values: params.values,
    })),
    /** On leaving the form: if the save succeeded, this mode's success text (else nothing changes). */
    announceSaved: assign(({ event }, params: { mode: FormMode }) =>
      (event as { type: string }).type === 'xstate.done.actor.saveItem'
        ? { notice: SAVED_NOTICE[params.mode], error: null }
        : {},
    ),
    // The spec's text, then the server's words when it refused in one sentence (a refund: too much, not
    // completed, the gateway's reason; a reconciliation action the gateway could not take). Refusals of
    // fields are shown at their fields instead (decision 068).
    showSaveError: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = params.error instanceof ApiError ? params.error.fieldErrors : {};
      const oneSentence = context.key !== null || Object.keys(fieldErrors).length === 0;
      const reason = oneSentence ? userMessage(params.error, '') : '';
      return { error: reason ? `${MESSAGES.adminSaveFailed} ${reason}` : MESSAGES.adminSaveFailed, fieldErrors };
    }),
    // The spec's text first, then the server's reason when it refused (a payment with money behind it).
    showDeleteError: assign(({ event }) => {
      const reason = userMessage((event as { error?: unknown }).error, '');
      return { error: reason ? `${MESSAGES.adminDeleteFailed} ${reason}` : MESSAGES.adminDeleteFailed };
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    dismissNotice: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'adminModal',
  initial: 'closed',
  context: { item: null, error: null, notice: null, fieldErrors: {}, key: null },
  states: {
    closed: {
      on: {
        'modal.view': {
          target: 'viewing',
          actions: { type: 'open', params: ({ event }) => ({ item: event.item }) },
        },
        'modal.task': {
          target: 'task',
          actions: { type: 'open', params: ({ event }) => ({ item: event.item }) },
        },
        'modal.add': { target: 'form.mode.adding', actions: { type: 'open', params: { item: null } } },
        'modal.edit': {
          target: 'form.mode.editing',
          actions: { type: 'open', params: ({ event }) => ({ item: event.item }) },
        },
        'modal.resolve': {
          target: 'form.mode.resolving',
          actions: { type: 'open', params: ({ event }) => ({ item: event.item }) },
        },
        'modal.refund': {
          target: 'form.mode.refunding',
          actions: { type: 'open', params: ({ event }) => ({ item: event.item, key: event.key }) },
        },
        'modal.delete': {
          target: 'confirmingDelete',
          actions: { type: 'open', params: ({ event }) => ({ item: event.item }) },
        },
        'notice.dismiss': { actions: 'dismissNotice' },
      },
    },
    viewing: {
      tags: ['open'],
      on: { 'modal.close': { target: 'closed', actions: 'close' } },
    },
    /**
     * A row's own task dialog (the Users tab's Grant scholarship): the view draws the resource's task, which
     * runs its own action machine (and so its own step-up); this machine only opens and closes it.
     */
    task: {
      tags: ['open'],
      on: { 'modal.close': { target: 'closed', actions: 'close' } },
    },
    /**
     * The add, edit and resolve dialogs: one form, its mode a sub-state (no mode in context, no guards).
     * The mode turns a submit into a save of its kind and announces its own success; the phase sends it
     * and, on a failure, returns to filling the same form (the mode region has not moved).
     */
    form: {
      type: 'parallel',
      tags: ['open'],
      states: {
        mode: {
          initial: 'adding',
          // Each mode names its save: what a submit saves and, leaving after a save, which success it announces.
          states: {
            adding: {
              exit: { type: 'announceSaved', params: { mode: 'add' } },
              on: {
                'modal.submit': {
                  actions: { type: 'save', params: ({ event }) => ({ mode: 'add', values: event.values }) },
                },
              },
            },
            editing: {
              exit: { type: 'announceSaved', params: { mode: 'edit' } },
              on: {
                'modal.submit': {
                  actions: { type: 'save', params: ({ event }) => ({ mode: 'edit', values: event.values }) },
                },
              },
            },
            resolving: {
              exit: { type: 'announceSaved', params: { mode: 'resolve' } },
              on: {
                'modal.submit': {
                  actions: { type: 'save', params: ({ event }) => ({ mode: 'resolve', values: event.values }) },
                },
              },
            },
            /** A payment's refund: amount, reason and the explicit access choice; saved with `key`. */
            refunding: {
              exit: { type: 'announceSaved', params: { mode: 'refund' } },
              on: {
                'modal.submit': {
                  actions: { type: 'save', params: ({ event }) => ({ mode: 'refund', values: event.values }) },
                },
              },
            },
          },
        },
        phase: {
          initial: 'filling',
          states: {
            filling: {
              on: {
                'modal.save': { target: 'saving', actions: 'clearError' },
                'modal.close': { target: '#adminModal.closed', actions: ['close', 'clearError'] },
              },
            },
            // The dialog stays open (and its form values in the view) until the server has answered.
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'saveItem',
                src: 'saveItem',
                input: ({ context, event }) => {
                  assertEvent(event, 'modal.save');
                  return { mode: event.mode, item: context.item, values: event.values, key: context.key };
                },
                onDone: { target: '#adminModal.closed', actions: ['close', 'itemSaved'] },
                onError: {
                  target: 'filling',
                  actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
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
