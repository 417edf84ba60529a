import type { Faculty, Program, Resource, SuccessStory, Testimonial, Workshop } from '../../../contract/index.ts';
import { PRELOAD_PLACEMENT_SUMMARY, PRELOAD_TESTIMONIALS } from '../../../src/features/marketing/preload-keys.ts';
import { placementSummary } from '../../domains/placement/summary.ts';
import { PRELOAD, type Preloaded } from '../../../src/lib/preloaded.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../db/connect.ts';
import {
  createFacultyRepository,
  createResourceRepository,
  createTestimonialRepository,
} from '../../domains/catalogue/repositories/content.ts';
import { createProgramRepository } from '../../domains/catalogue/repositories/programs.ts';
import { createWorkshopRepository } from '../../domains/catalogue/repositories/workshops.ts';
import { appConfigOf } from '../system/app-config.ts';
import type { CatalogueCache } from '../../domains/catalogue/cache.ts';
import { policyPageData } from './policy-pages.ts';
import { activePlans } from '../../domains/pricing/instalment-plans.ts';
import { toFaculty, toProgram, toResource, toTestimonial, toWorkshop } from '../../domains/catalogue/present.ts';
import { createStoryService } from '../../domains/placement/index.ts';

/**
 * The data a public page shows, read the way the API routes read it (the same repository calls and the
 * same presenters, so the JSON is what the SPA would have fetched): for `/programs` what
 * `GET /classroom/programs/` answers, for `/faculty` the featured faculty, and so on.
 */
export type PageData = {
  /** 200, or 404/410 when the page does not exist (or no longer does). */
  status: 200 | 404 | 410;
  preloaded: Preloaded;
  programs?: Program[];
  program?: Program;
  workshops?: Workshop[];
};

/**
 * A list of the catalogue (programs, faculty, resources) from the in-memory catalogue
 * cache when there is one (decisions 036 and 048): the catalogue version is read before every answer, so an
 * edit committed anywhere before the request arrived is in it. Workshops are not cached
 * (their seats move with every payment), nor is anything else.
 */
async function fromCatalogue<T>(
  catalogue: CatalogueCache | undefined,
  page: string,
  read: () => Promise<T>,
): Promise<T> {
  return catalogue ? (JSON.parse((await catalogue.answer(`page:${page}`, read)).bytes.toString()) as T) : read();
}

export async function loadPageData(
  db: Db,
  config: Config,
  pathname: string,
  catalogue?: CatalogueCache,
): Promise<PageData> {
  const programs = createProgramRepository(db);
  switch (pathname) {
    case '/programs': {
      const list = await fromCatalogue(catalogue, pathname, async () =>
        (await programs.list({ includeInactive: false })).map(toProgram),
      );
      const figures = await placementSummary(db);
      return {
        status: 200,
        preloaded: { [PRELOAD.programs]: list, [PRELOAD_PLACEMENT_SUMMARY]: figures },
        programs: list,
      };
    }
    // The pages that state placement figures embed what GET /classroom/placement/summary/ answers.
    case '/':
    case '/about':
      return { status: 200, preloaded: { [PRELOAD_PLACEMENT_SUMMARY]: await placementSummary(db) } };
    case '/faculty': {
      const list = await fromCatalogue(catalogue, pathname, async (): Promise<Faculty[]> =>
        (await createFacultyRepository(db).list(true)).map(toFaculty),
      );
      return { status: 200, preloaded: { [PRELOAD.faculty]: list } };
    }
    case '/workshops': {
      const list = (await createWorkshopRepository(db).list({ upcoming: true, includeInactive: false })).map(
        toWorkshop,
      );
      return { status: 200, preloaded: { [PRELOAD.workshopsUpcoming]: list }, workshops: list };
    }
    case '/placement': {
      // What GET /classroom/success-stories/?featured=true answers, read per request, not from the catalogue
      // cache: a student's consent (or its withdrawal) is not a catalogue write (decision record 079).
      const list: SuccessStory[] = await createStoryService(db).publicList(true);
      // What GET /classroom/testimonials/?featured=true answers: the featured testimonials.
      const testimonials = await fromCatalogue(
        catalogue,
        `${pathname}#testimonials`,
        async (): Promise<Testimonial[]> => (await createTestimonialRepository(db).list(true)).map(toTestimonial),
      );
      return {
        status: 200,
        preloaded: {
          [PRELOAD.successStories]: list,
          [PRELOAD_TESTIMONIALS]: testimonials,
          [PRELOAD_PLACEMENT_SUMMARY]: await placementSummary(db),
        },
      };
    }
    case '/resources': {
      const list = await fromCatalogue(catalogue, pathname, async (): Promise<Resource[]> =>
        (await createResourceRepository(db).list({ featured: true })).map(toResource),
      );
      return { status: 200, preloaded: { [PRELOAD.resources]: list } };
    }
    case '/login': {
      // What GET /api/config/ answers: the Demo Credentials box renders at once, no shift.
      return { status: 200, preloaded: { [PRELOAD.config]: appConfigOf(config) } };
    }
    default: {
      const policy = policyPageData(config, pathname);
      if (policy) return policy;
      const match = /^\/programs\/(\d{1,9})$/.exec(pathname);
      if (!match) return { status: 200, preloaded: {} };
      const row = await programs.findById(Number(match[1]));
      if (!row) return { status: 404, preloaded: {} };
      // An archived program is gone for good: 410 tells a search engine to drop it.
      if (!row.is_active) return { status: 410, preloaded: {} };
      // What GET /classroom/programs/{id}/ answers, its active instalment plans included (decision record 054).
      const program = { ...toProgram(row), plans: await activePlans(db, row.id) };
      return { status: 200, preloaded: { [PRELOAD.program(program.id)]: program }, program };
    }
  }
}
