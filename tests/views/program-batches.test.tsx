import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, DELIVERY_PATHS } from '../../contract/index.ts';
import { fullBatch, sampleBatch } from '../support/models/index.ts';
import { ok } from './support/fake-api.ts';
import { program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

describe('A program’s own page', () => {
  it('lists its open batches in the order the server gives (soonest first), with dates, mode and seats left', async () => {
    const later = {
      ...sampleBatch,
      id: 43,
      name: 'March evening batch',
      starts_on: '2027-03-01',
      mode: 'online' as const,
      location: '',
    };
    const { api } = renderApp('/programs/1', {
      routes: {
        [`GET ${API.programs.detail(1)}`]: ok(program()),
        [`GET ${DELIVERY_PATHS.programBatches(1)}`]: ok([sampleBatch, later, fullBatch]),
      },
    });
    const section = within((await screen.findByRole('heading', { name: 'Upcoming batches' })).closest('section')!);
    const rows = section.getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('strong')!.textContent)).toEqual([
      'January weekend batch',
      'March evening batch',
      'Full batch',
    ]);
    expect(rows[0]).toHaveTextContent('9 Jan 2027 – 29 May 2027 · Hybrid · Andheri East, Mumbai');
    expect(rows[0]).toHaveTextContent('18 seats left');
    expect(rows[1]).toHaveTextContent('Online');
    expect(rows[2]).toHaveTextContent('Full');
    expect(api.callsTo(`GET ${DELIVERY_PATHS.programBatches(1)}`)).toHaveLength(1);
  });

  it('shows no batch section for a program without open batches', async () => {
    renderApp('/programs/1', {
      routes: {
        [`GET ${API.programs.detail(1)}`]: ok(program()),
        [`GET ${DELIVERY_PATHS.programBatches(1)}`]: ok([]),
      },
    });
    await screen.findByRole('heading', { name: 'Credit Analyst Program', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Upcoming batches' })).not.toBeInTheDocument();
  });
});
