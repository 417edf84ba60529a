import { IMPACT } from '../data.ts';
import { PlacementRecord, PlacementTiles, type PlacementRecordProps } from './placement-record.tsx';
import { InfoCards, StatTiles } from './partner-list.tsx';

const REASONS = [
  {
    icon: '🏦',
    title: 'Built by credit practitioners',
    text: 'Every module was written by people who have sat on credit committees.',
  },
  {
    icon: '🧮',
    title: 'Hands-on from day one',
    text: 'Financial spreading, cash-flow analysis and rating models on real cases.',
  },
  {
    icon: '🤝',
    title: 'Placement is part of the program',
    text: 'Coaching, mock committees and introductions until you are placed.',
  },
];

const FOUNDERS = [
  {
    initials: 'RK',
    name: 'Rahul Khanna',
    role: 'Co-founder',
    bio: 'Former credit head at a private-sector bank with 18 years in corporate lending.',
  },
  {
    initials: 'PS',
    name: 'Priya Sharma',
    role: 'Co-founder',
    bio: 'Former associate director at a rating agency; led ratings for NBFCs and infrastructure.',
  },
];

export function AboutPage({ record }: { record: PlacementRecordProps }) {
  return (
    <div className="container">
      <header className="page-header">
        <h1>About us</h1>
        <p>We prepare graduates and professionals for careers in credit and finance in India.</p>
      </header>
      <div className="grid">
        <section className="card" aria-labelledby="mission">
          <h2 id="mission">Our mission</h2>
          <p>To bridge the gap between the classroom and the credit markets with practical, job-ready training.</p>
        </section>
        <section className="card" aria-labelledby="vision">
          <h2 id="vision">Our vision</h2>
          <p>To be India&apos;s most trusted institute for credit, research and NBFC careers.</p>
        </section>
      </div>
      <section className="section" aria-labelledby="reasons">
        <h2 id="reasons">Why choose us</h2>
        <InfoCards items={REASONS} />
      </section>
      <section className="section" aria-labelledby="impact">
        <h2 id="impact">Our impact</h2>
        <PlacementRecord {...record}>{(summary) => <PlacementTiles summary={summary} />}</PlacementRecord>
        <StatTiles stats={IMPACT} />
      </section>
      <section className="section" aria-labelledby="founders">
        <h2 id="founders">Our founders</h2>
        <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
          {FOUNDERS.map((founder) => (
            <li key={founder.name} className="card">
              <span className="avatar" aria-hidden="true">
                {founder.initials}
              </span>
              <h3>{founder.name}</h3>
              <p className="subtitle">{founder.role}</p>
              <p className="meta">{founder.bio}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
