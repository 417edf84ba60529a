import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { MESSAGES } from '../../../../contract/index.ts';
import { Modal } from '../../../components/modal.tsx';
import { FormError } from '../../../components/notice.tsx';
import { adminModalMode, type AdminModalLogic } from '../../../../machines/admin-modal.machine.ts';
import type { AdminResource } from '../tabs/resource-types.ts';
import type { AdminMachines } from '../types.ts';
import { AdminForm } from './admin-form.tsx';
import { RefundForm } from './refund-form.tsx';
import { ResolveForm } from './resolve-form.tsx';
import { ConfirmDeleteFooter } from '../../../components/confirm-delete-footer.tsx';
import type { Payment } from '../../../../contract/index.ts';

type Props = {
  resource: AdminResource;
  snapshot: SnapshotFrom<AdminModalLogic>;
  send: ActorRefFrom<AdminModalLogic>['send'];
  /** For what View offers besides the details (resource.viewExtra). */
  machines?: AdminMachines;
};

/** Renders the admin modal machine's open states: view, a row's task, add/edit, resolve, refund, confirm delete. */
export function AdminDialog({ resource, snapshot, send, machines }: Props) {
  if (!snapshot.hasTag('open')) return null;
  const { item, error, fieldErrors } = snapshot.context;
  const mode = adminModalMode(snapshot.value);
  const saving = snapshot.hasTag('saving');
  const close = () => send({ type: 'modal.close' });

  if ((snapshot.matches('confirmingDelete') || snapshot.matches('deleting')) && resource.ConfirmDelete && machines) {
    const Confirm = resource.ConfirmDelete;
    return (
      <Modal title={`Delete ${resource.singular}?`} onClose={close} size="small" role="alertdialog">
        <Confirm
          item={item as { id: number }}
          machines={machines}
          saving={saving}
          onConfirm={() => send({ type: 'modal.confirm' })}
          onCancel={close}
        />
      </Modal>
    );
  }
  if (snapshot.matches('confirmingDelete') || snapshot.matches('deleting')) {
    return (
      <Modal title="Confirm Delete" onClose={close} size="small" role="alertdialog">
        <p>{MESSAGES.deleteConfirm}</p>
        <ConfirmDeleteFooter saving={saving} onConfirm={() => send({ type: 'modal.confirm' })} onCancel={close} />
      </Modal>
    );
  }
  if (mode === 'view' && item) {
    return (
      <Modal title={`View ${resource.singular}`} onClose={close}>
        <dl className="details">
          {resource.details(item as { id: number }).map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value === '' ? '—' : value}</dd>
            </div>
          ))}
        </dl>
        {machines && resource.viewExtra ? resource.viewExtra(item as { id: number }, machines) : null}
        <footer>
          <button type="button" className="btn btn-primary" onClick={close}>
            Close
          </button>
        </footer>
      </Modal>
    );
  }
  if (mode === 'task') {
    if (!item || !resource.rowTask || !machines) return null;
    return (
      <Modal title={resource.rowTask.label} onClose={close}>
        {resource.rowTask.render(item as { id: number }, machines)}
        <footer>
          <button type="button" className="btn btn-primary" onClick={close}>
            Close
          </button>
        </footer>
      </Modal>
    );
  }
  const errorBanner = error ? <FormError>{error}</FormError> : null;
  const submit = (values: Record<string, unknown>) => send({ type: 'modal.submit', values });
  if (mode === 'refund' && item && resource.refund?.Form) {
    const Form = resource.refund.Form;
    return (
      <Modal title={`Refund ${resource.singular}`} onClose={close}>
        {errorBanner}
        <Form item={item} saving={saving} serverErrors={fieldErrors} onSubmit={submit} onCancel={close} />
      </Modal>
    );
  }
  if (mode === 'refund' && item) {
    return (
      <Modal title={`Refund ${resource.singular}`} onClose={close}>
        {errorBanner}
        <RefundForm
          payment={item as Payment}
          saving={saving}
          serverErrors={fieldErrors}
          onSubmit={submit}
          onCancel={close}
        />
      </Modal>
    );
  }
  if (mode === 'resolve' && item) {
    return (
      <Modal title={`Resolve ${resource.singular}`} onClose={close}>
        {errorBanner}
        <ResolveForm
          resource={resource}
          item={item}
          saving={saving}
          serverErrors={fieldErrors}
          onSubmit={submit}
          onCancel={close}
          machines={machines}
        />
      </Modal>
    );
  }
  if (!resource.form) return null;
  const EditForm = resource.form.EditForm;
  if (mode === 'edit' && item && EditForm) {
    return (
      <Modal title={resource.form.editTitle ?? resource.form.editLabel ?? `Edit ${resource.singular}`} onClose={close}>
        {errorBanner}
        <EditForm
          item={item}
          saving={saving}
          serverErrors={fieldErrors}
          onSubmit={submit}
          onCancel={close}
          machines={machines}
        />
      </Modal>
    );
  }
  return (
    <Modal
      title={
        mode === 'edit' && resource.form.editLabel
          ? resource.form.editLabel
          : `${mode === 'edit' ? 'Edit' : 'Add'} ${resource.singular}`
      }
      onClose={close}
    >
      {mode === 'edit' && item && resource.form.intro ? resource.form.intro(item as { id: number }) : null}
      {errorBanner}
      <AdminForm
        form={
          mode === 'edit' && resource.form.edit
            ? { ...resource.form, fields: resource.form.edit.fields, schema: resource.form.edit.schema }
            : resource.form
        }
        initial={mode === 'edit' && item ? resource.form.toValues(item as { id: number }) : resource.form.empty}
        saving={saving}
        serverErrors={fieldErrors}
        onSubmit={submit}
        onCancel={close}
        submitLabel={mode === 'edit' ? resource.form.editLabel : undefined}
      />
    </Modal>
  );
}
