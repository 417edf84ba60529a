import { z } from 'zod';
import { STORY_PATHS, StudentStory, type StoryConsentInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** The success stories about the student, each with its items' consent (decision record 079). */
export const fetchMyStories = () => api.get(STORY_PATHS.mine, z.array(StudentStory));

/** The student's written consent, item by item (all false withdraws it). */
export const saveStoryConsent = (id: number, choice: StoryConsentInput) =>
  api.put(STORY_PATHS.consent(id), choice, StudentStory);
