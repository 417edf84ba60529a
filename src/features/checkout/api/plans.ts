import { z } from 'zod';
import { API, InstalmentPlan } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

const ProgramPlans = z.object({ plans: z.array(InstalmentPlan).default([]) });

/** The program's active instalment plans (GET /classroom/programs/{id}/ carries them). */
export const fetchProgramPlans = async (programId: number) =>
  (await api.get(API.programs.detail(programId), ProgramPlans)).plans;
