import { useMachine } from '@xstate/react';
import { useState } from 'react';
import {
  MESSAGES,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPE_SINGULAR,
  type Resource,
  type ResourceType,
} from '../../../../contract/index.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { fullName } from '../../../utils/format.ts';

export const RESOURCE_ICONS: Record<ResourceType, string> = {
  case_study: '📁',
  template: '📄',
  article: '📰',
  podcast: '🎧',
  video: '🎬',
  whitepaper: '📘',
};

const CHIPS: { value: ResourceType | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(Object.entries(RESOURCE_TYPE_LABELS) as [ResourceType, string][]).map(([value, label]) => ({ value, label })),
];

export function ResourcesPage({ list }: { list: ListLogic<Resource> }) {
  const [snapshot, send] = useMachine(list, { input: { failureText: MESSAGES.resourcesLoadFailed } });
  const [type, setType] = useState<ResourceType | 'all'>('all');
  const resources = snapshot.context.items.filter((r) => type === 'all' || r.resource_type === type);
  return (
    <div className="container">
      <header className="page-header">
        <h1>Resource Library</h1>
        <p>Case studies, templates, articles, podcasts, videos and whitepapers for credit professionals.</p>
      </header>
      <fieldset className="chip-group filters">
        <legend className="visually-hidden">Resource type</legend>
        {CHIPS.map((chip) => (
          <button
            key={chip.value}
            type="button"
            className="chip"
            aria-pressed={type === chip.value}
            onClick={() => setType(chip.value)}
          >
            {chip.label}
          </button>
        ))}
      </fieldset>
      <ListStatus
        loading={snapshot.matches('loading')}
        loadingText="Loading resources..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'list.retry' })}
        empty={resources.length === 0}
        emptyText="No resources found in this category."
      >
        <div className="grid">
          {resources.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} />
          ))}
        </div>
      </ListStatus>
      <CategoryExplainer />
    </div>
  );
}

function ResourceCard({ resource }: { resource: Resource }) {
  const link = resource.external_url || resource.file;
  const author = fullName(resource.author);
  return (
    <article className="card" aria-labelledby={`resource-${resource.id}`}>
      <span className="icon" aria-hidden="true">
        {RESOURCE_ICONS[resource.resource_type]}
      </span>
      <h2 className="card-title" id={`resource-${resource.id}`}>
        {resource.title}
      </h2>
      <p className="clamp-3">{resource.description}</p>
      {author ? <p className="meta">By {author}</p> : null}
      <p>
        <span className="badge badge-navy">{RESOURCE_TYPE_SINGULAR[resource.resource_type]}</span>
      </p>
      {link ? (
        <div className="actions">
          <a href={link} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
            Download Resource<span className="visually-hidden"> {resource.title} (opens in a new tab)</span>
          </a>
        </div>
      ) : null}
    </article>
  );
}

const EXPLAINER: { type: ResourceType; text: string }[] = [
  { type: 'case_study', text: 'Real credit decisions, from the borrower file to the committee note.' },
  { type: 'template', text: 'Spreadsheets and note formats you can use at work from day one.' },
  { type: 'article', text: 'Short reads on regulation, markets and credit practice.' },
  { type: 'podcast', text: 'Conversations with bankers, analysts and NBFC founders.' },
  { type: 'video', text: 'Recorded masterclasses and walkthroughs of financial models.' },
  { type: 'whitepaper', text: 'In-depth research on sectors, ratings and lending trends.' },
];

function CategoryExplainer() {
  return (
    <section className="explainer card" aria-labelledby="explainer-title">
      <h2 id="explainer-title">Resource categories</h2>
      <dl className="details">
        {EXPLAINER.map((entry) => (
          <div key={entry.type} style={{ display: 'contents' }}>
            <dt>
              <span aria-hidden="true">{RESOURCE_ICONS[entry.type]} </span>
              {RESOURCE_TYPE_LABELS[entry.type]}
            </dt>
            <dd>{entry.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
