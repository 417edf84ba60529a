import {
  API,
  StudentEnrollment,
  Faculty,
  Program,
  Resource,
  SuccessStory,
  Testimonial,
  Workshop,
} from '../../../../contract/index.ts';
import { api, type Query } from '../../../lib/api-client.ts';

export type ProgramFilters = { level?: string; category?: string; target_audience?: string; search?: string };

export const fetchPrograms = (filters: ProgramFilters = {}) => api.list(API.programs.list, Program, filters);
export const fetchProgram = (id: number | string) => api.get(API.programs.detail(id), Program);
export const fetchFeaturedFaculty = () => api.list(API.faculty.list, Faculty, { featured: true });

export type WorkshopTab = 'upcoming' | 'past' | 'free';
const WORKSHOP_QUERIES: Record<WorkshopTab, Query> = {
  upcoming: { upcoming: true },
  past: { past: true },
  free: { is_free: true },
};
export const fetchWorkshops = (tab: WorkshopTab) => api.list(API.workshops.list, Workshop, WORKSHOP_QUERIES[tab]);
export const fetchWorkshop = (id: number | string) => api.get(API.workshops.detail(id), Workshop);
export const fetchFeaturedSuccessStories = () => api.list(API.successStories.list, SuccessStory, { featured: true });
/** The testimonials administrators mark Featured (shown on /placement). */
export const fetchFeaturedTestimonials = () => api.list(API.testimonials.list, Testimonial, { featured: true });
export const fetchFeaturedResources = () => api.list(API.resources.list, Resource, { featured: true });
export const fetchMyEnrollments = () => api.list(API.enrollments.list, StudentEnrollment);
