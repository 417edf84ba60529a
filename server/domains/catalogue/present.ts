import {
  durationMonths,
  type Category,
  type Faculty,
  type Level,
  type Program,
  type Resource,
  type ResourceType,
  type TargetAudience,
  type Testimonial,
  type Workshop,
} from '../../../contract/index.ts';
import type { FacultyRow, TestimonialRow } from '../../platform/db/schema.ts';
import { bool, person } from '../../platform/lib/answer-parts.ts';
import type { ProgramWithInstructor } from './repositories/programs.ts';
import type { WorkshopWithInstructor } from './repositories/workshops.ts';
import type { ResourceWithAuthor } from './repositories/content.ts';

/** The catalogue's rows as the API answers them. */

export function toProgram(row: ProgramWithInstructor): Program {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    level: row.level as Level,
    category: row.category as Category,
    target_audience: row.target_audience as TargetAudience,
    price: row.price,
    original_price: row.original_price,
    duration_weeks: row.duration_weeks,
    duration_months: durationMonths(row.duration_weeks),
    avg_salary: row.avg_salary,
    is_featured: bool(row.is_featured),
    is_flagship: bool(row.is_flagship),
    is_active: bool(row.is_active),
    instructor: person(row.instructor_first_name, row.instructor_last_name),
    instructor_id: row.instructor_id,
  };
}

export function toWorkshop(row: WorkshopWithInstructor): Workshop {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    instructor: person(row.instructor_first_name, row.instructor_last_name),
    date: row.date,
    duration_hours: Number(row.duration_hours),
    price: row.price,
    is_free: row.price === 0,
    is_live: bool(row.is_live),
    current_participants: row.current_participants,
    max_participants: row.max_participants,
    is_active: bool(row.is_active),
    instructor_id: row.instructor_id,
  };
}

export function toFaculty(row: FacultyRow): Faculty {
  return {
    id: row.id,
    user: { first_name: row.first_name, last_name: row.last_name, email: row.email },
    expertise: row.expertise,
    experience_years: row.experience_years,
    previous_companies: row.previous_companies,
    bio: row.bio,
    linkedin_url: row.linkedin_url,
    is_featured: bool(row.is_featured),
  };
}

export function toResource(row: ResourceWithAuthor): Resource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    author: person(row.author_first_name, row.author_last_name),
    resource_type: row.resource_type as ResourceType,
    external_url: row.external_url,
    file: row.file,
    is_featured: bool(row.is_featured),
    author_id: row.author_id,
  };
}

export function toTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    title: row.title,
    name: row.name,
    description: row.description,
    is_featured: bool(row.is_featured),
  };
}
