/**
 * The footer of every delete confirmation (the admin dialog, a course's, an enrollment's or an item's delete
 * with its impact, the question bank's and the test screen's): Cancel, which takes the focus, and Delete,
 * offered only once the dialog may offer it (an impact read that is in, a delete the server allows).
 */
export function ConfirmDeleteFooter({
  saving,
  onConfirm,
  onCancel,
  offered = true,
}: {
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  offered?: boolean;
}) {
  return (
    <footer>
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving} data-autofocus>
        Cancel
      </button>
      {offered ? (
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={saving}>
          {saving ? 'Deleting...' : 'Delete'}
        </button>
      ) : null}
    </footer>
  );
}
