import { MESSAGES, type SuccessStory } from '../../../../contract/index.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { useListMachine } from '../../../lib/use-preloaded-machine.ts';
import { PARTNERS } from '../data.ts';
import { PLACEMENT_STATS, SUPPORT_SERVICES } from '../placement-data.ts';
import { InfoCards, PartnerList, StatTiles } from './partner-list.tsx';

export function PlacementPage({
  stories,
  preloaded,
}: {
  stories: ListLogic<SuccessStory>;
  preloaded?: SuccessStory[];
}) {
  const [snapshot, send] = useListMachine(stories, { failureText: MESSAGES.successStoriesLoadFailed }, preloaded);
  const items = snapshot.context.items;
  return (
    <div className="container">
      <header className="page-header">
        <h1>Placement</h1>
        <p>100% placement assistance, from your first mock interview to your offer letter.</p>
      </header>
      <StatTiles stats={PLACEMENT_STATS} />
      <section className="section" aria-labelledby="stories-title">
        <h2 id="stories-title">Success stories</h2>
        <ListStatus
          loading={snapshot.matches('loading')}
          loadingText="Loading success stories..."
          error={snapshot.matches('failed') ? snapshot.context.error : null}
          onRetry={() => send({ type: 'list.retry' })}
          empty={items.length === 0}
          emptyText="No success stories to show yet."
        >
          <div className="grid">
            {items.map((story) => (
              <StoryCard key={story.id} story={story} />
            ))}
          </div>
        </ListStatus>
      </section>
      <section className="section" aria-labelledby="partners-title">
        <h2 id="partners-title">Our placement partners</h2>
        <PartnerList partners={PARTNERS} />
      </section>
      <section className="section" aria-labelledby="support-title">
        <h2 id="support-title">Placement support services</h2>
        <InfoCards items={SUPPORT_SERVICES} />
      </section>
    </div>
  );
}

function StoryCard({ story }: { story: SuccessStory }) {
  return (
    <article className="card" aria-labelledby={`story-${story.id}`}>
      <span className="avatar" aria-hidden="true">
        {story.student_name.charAt(0).toUpperCase()}
      </span>
      <h3 id={`story-${story.id}`}>{story.student_name}</h3>
      <p className="subtitle">
        {story.designation} at {story.placement_company_name}
      </p>
      <p className="highlight">Salary: {story.salary}</p>
      <p className="meta">{story.story}</p>
    </article>
  );
}
