import { useMachine } from '@xstate/react';
import { MESSAGES, type Faculty } from '../../../../contract/index.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import { Badge } from '../../../components/badges.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { fullName, initials } from '../../../utils/format.ts';

export function FacultyPage({ list }: { list: ListLogic<Faculty> }) {
  const [snapshot, send] = useMachine(list, { input: { failureText: MESSAGES.facultyLoadFailed } });
  const faculty = snapshot.context.items;
  return (
    <div className="container">
      <header className="page-header">
        <h1>Our Faculty</h1>
        <p>Practitioners from banks, rating agencies and NBFCs who teach what they do every day.</p>
      </header>
      <ListStatus
        loading={snapshot.matches('loading')}
        loadingText="Loading faculty..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'list.retry' })}
        empty={faculty.length === 0}
        emptyText="No faculty members to show at the moment."
      >
        <div className="grid">
          {faculty.map((member) => (
            <FacultyCard key={member.id} member={member} />
          ))}
        </div>
      </ListStatus>
    </div>
  );
}

function FacultyCard({ member }: { member: Faculty }) {
  const name = fullName(member.user);
  const companies = member.previous_companies
    .split(',')
    .map((company) => company.trim())
    .filter(Boolean);
  return (
    <article className="card" aria-labelledby={`faculty-${member.id}`}>
      <div className="partner">
        <span className="avatar" aria-hidden="true">
          {initials(member.user)}
        </span>
        {member.is_featured ? <Badge colour="gold">Featured</Badge> : null}
      </div>
      <h2 className="card-title" id={`faculty-${member.id}`}>
        {name}
      </h2>
      <p className="subtitle">{member.expertise}</p>
      <p className="meta">{member.experience_years} years of experience</p>
      <p className="meta">{member.bio}</p>
      {companies.length > 0 ? (
        <ul className="chips" aria-label={`Previous companies of ${name}`}>
          {companies.map((company) => (
            <li key={company}>{company}</li>
          ))}
        </ul>
      ) : null}
      {member.linkedin_url ? (
        <p className="actions">
          <a href={member.linkedin_url} target="_blank" rel="noopener noreferrer">
            LinkedIn profile<span className="visually-hidden"> of {name} (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}
