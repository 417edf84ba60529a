import { MESSAGES, type SuccessStory, type Testimonial } from '../../../../contract/index.ts';
import { StoryCard } from '../../../components/story-card.tsx';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { useListMachine } from '../../../lib/use-preloaded-machine.ts';
import { SUPPORT_SERVICES } from '../placement-data.ts';
import { InfoCards } from './partner-list.tsx';
import { PlacementRecord, PlacementTiles, RecordPartners, type PlacementRecordProps } from './placement-record.tsx';

/** Kept here, not in the contract's messages: those ship with the home page, whose budget is tight. */
const TESTIMONIALS_FAILED = 'Failed to load testimonials. Please try again.';

export function PlacementPage({
  stories,
  preloaded,
  testimonials,
  preloadedTestimonials,
  record,
}: {
  record: PlacementRecordProps;
  stories: ListLogic<SuccessStory>;
  preloaded?: SuccessStory[];
  testimonials: ListLogic<Testimonial>;
  preloadedTestimonials?: Testimonial[];
}) {
  const [snapshot, send] = useListMachine(stories, { failureText: MESSAGES.successStoriesLoadFailed }, preloaded);
  const items = snapshot.context.items;
  const [said, sendSaid] = useListMachine(testimonials, { failureText: TESTIMONIALS_FAILED }, preloadedTestimonials);
  return (
    <div className="container">
      <header className="page-header">
        <h1>Placement</h1>
        <p>Placement assistance for every student, from your first mock interview to your offer letter.</p>
      </header>
      <PlacementRecord {...record}>
        {(summary) => (
          <>
            <section className="section" aria-labelledby="record-title">
              <h2 id="record-title">Our placement record</h2>
              <PlacementTiles summary={summary} />
            </section>
            <section className="section" aria-labelledby="partners-title">
              <h2 id="partners-title">Our placement partners</h2>
              <RecordPartners summary={summary} />
            </section>
          </>
        )}
      </PlacementRecord>
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
      <section className="section" aria-labelledby="testimonials-title">
        <h2 id="testimonials-title">What our students say</h2>
        {/* Its height is kept while the testimonials load on a client-side visit: nothing below moves. */}
        <div className="testimonials">
          <ListStatus
            loading={said.matches('loading')}
            loadingText="Loading testimonials..."
            error={said.matches('failed') ? said.context.error : null}
            onRetry={() => sendSaid({ type: 'list.retry' })}
            empty={said.context.items.length === 0}
            emptyText="No testimonials to show yet."
          >
            <div className="grid">
              {said.context.items.map((testimonial) => (
                <TestimonialCard key={testimonial.id} testimonial={testimonial} />
              ))}
            </div>
          </ListStatus>
        </div>
      </section>
      <section className="section" aria-labelledby="support-title">
        <h2 id="support-title">Placement support services</h2>
        <InfoCards items={SUPPORT_SERVICES} />
      </section>
    </div>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="card testimonial" aria-labelledby={`testimonial-${testimonial.id}`}>
      <h3 id={`testimonial-${testimonial.id}`}>{testimonial.title}</h3>
      <blockquote>
        <p>{testimonial.description}</p>
      </blockquote>
      {testimonial.name ? <figcaption className="subtitle">— {testimonial.name}</figcaption> : null}
    </figure>
  );
}
