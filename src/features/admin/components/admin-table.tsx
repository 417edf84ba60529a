import type { UIEvent } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/notice.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import type { AdminResource } from '../tabs/resource-types.ts';
import type { AdminMachines } from '../types.ts';

export type RowAction = 'modal.view' | 'modal.edit' | 'modal.delete' | 'modal.resolve' | 'modal.refund' | 'modal.task';

type Props = {
  resource: AdminResource;
  items: { id: number }[];
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
  onLoadMore: () => void;
  onAction: (type: RowAction, item: { id: number }) => void;
  /** For a row's extra buttons (resource.RowExtra): the machines, and what runs after one changed the list. */
  machines?: AdminMachines;
  onChanged?: () => void;
};

/** How close to the bottom (px) the next page starts loading. */
const LOAD_MORE_THRESHOLD = 120;

/** The 600px scroll area (spec section 9); reaching its end loads the next page (docs/deviations.md). */
export function AdminTable(props: Props) {
  const { resource, items, hasMore, loadingMore, moreError, onLoadMore, onAction } = props;
  const { RowExtra } = resource;
  const onChanged = props.onChanged ?? noop;
  function onScroll(event: UIEvent<HTMLDivElement>) {
    const area = event.currentTarget;
    if (hasMore && !loadingMore && area.scrollHeight - area.scrollTop - area.clientHeight < LOAD_MORE_THRESHOLD)
      onLoadMore();
  }
  return (
    <ScrollTable
      label={`${resource.label} list`}
      headers={[...resource.columns.map((column) => column.label), 'Actions']}
      onScroll={onScroll}
      after={
        <>
          {moreError ? <Notice kind="error">{moreError}</Notice> : null}
          {hasMore ? (
            <p style={{ textAlign: 'center', padding: '0.5rem' }}>
              <button type="button" className="btn btn-outline btn-small" onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading more...' : 'Load more'}
              </button>
            </p>
          ) : null}
        </>
      }
    >
      {items.map((item, index) => (
        <tr key={item.id}>
          {resource.columns.map((column) => (
            <td key={column.label}>{column.render(item)}</td>
          ))}
          <td>
            <div className="row-actions">
              <RowButton label="View" item={item} type="modal.view" onAction={onAction} />
              {resource.rowLinks?.(item).map((link) => (
                <Link
                  key={link.label}
                  className="btn btn-small btn-outline"
                  to={{ search: `?${new URLSearchParams(link.search).toString()}` }}
                >
                  {link.label}
                </Link>
              ))}
              {resource.rowTask?.allowed(item) ? (
                <RowButton label={resource.rowTask.label} item={item} type="modal.task" onAction={onAction} />
              ) : null}
              {resource.form && (resource.form.editAllowed?.(item) ?? true) ? (
                <RowButton
                  label={resource.form.editLabel ?? 'Edit'}
                  item={item}
                  type="modal.edit"
                  onAction={onAction}
                />
              ) : null}
              {resource.resolvePath ? (
                <RowButton label="Resolve" item={item} type="modal.resolve" onAction={onAction} />
              ) : null}
              {resource.refund?.allowed(item) ? (
                <RowButton label="Refund" item={item} type="modal.refund" onAction={onAction} />
              ) : null}
              {RowExtra ? (
                <RowExtra item={item} index={index} items={items} machines={props.machines} onChanged={onChanged} />
              ) : null}
              {(resource.form?.removePath ?? resource.removePath) ? (
                <RowButton label="Delete" item={item} type="modal.delete" onAction={onAction} danger />
              ) : null}
            </div>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

const noop = () => undefined;

type RowButtonProps = {
  label: string;
  item: { id: number };
  type: RowAction;
  onAction: Props['onAction'];
  danger?: boolean;
};

function RowButton({ label, item, type, onAction, danger }: RowButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-small ${danger ? 'btn-danger' : 'btn-outline'}`}
      onClick={() => onAction(type, item)}
    >
      {label}
    </button>
  );
}
