import type { Policy } from '../../../../contract/index.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';

/**
 * A policy page (privacy notice, terms, refund, delivery, grievance): the server's rendering of the
 * institute's Markdown file, with raw HTML off (server/platform/lib/policies.ts), so its HTML is safe to insert.
 */
export function PolicyPage({
  slug,
  loader,
  preloaded,
}: {
  slug: string;
  loader: LoaderLogic<Policy>;
  preloaded?: Policy;
}) {
  const [snapshot, send] = useLoaderMachine(
    loader,
    { params: { slug }, failureText: 'Could not load this page. Please try again.' },
    preloaded,
  );
  const policy = snapshot.context.data;
  return (
    <div className="container policy-page">
      <ListStatus
        loading={snapshot.matches('loading')}
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'loader.reload' })}
        empty={false}
        emptyText=""
      >
        {policy ? <article className="card policy-text" dangerouslySetInnerHTML={{ __html: policy.html }} /> : null}
      </ListStatus>
    </div>
  );
}
