import type {
  CourseType,
  StudentEnrollment,
  MyCertificate,
  StudentPayment,
  PaymentStatus,
} from '../../../../contract/index.ts';
import type { DashboardData } from './dashboard-api.ts';

export type DashboardCourse = {
  id: number;
  courseType: CourseType;
  title: string;
  description: string;
  price: number | null;
  status: PaymentStatus | null;
  payment: StudentPayment | null;
  /** The enrollment of a course the student has (its course page), else absent. */
  enrollmentId?: number;
  /** The enrollment's certificate, once issued. */
  certificate?: MyCertificate;
};

/** The latest payment of a course: the one the card's flow continues from. */
function latestPayment(payments: StudentPayment[], type: CourseType, id: number): StudentPayment | null {
  const mine = payments.filter((p) => p.course_type === type && p.course === id);
  return mine.sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
}

function activeEnrollment(
  enrollments: StudentEnrollment[],
  type: CourseType,
  id: number,
): StudentEnrollment | undefined {
  return enrollments.find((e) => e.course_type === type && e.course === id && e.is_active);
}

/** My Courses: every active enrollment. Available Courses: every program not enrolled in. */
export function splitCourses(data: DashboardData | null): { mine: DashboardCourse[]; available: DashboardCourse[] } {
  if (!data) return { mine: [], available: [] };
  const programs = new Map(data.programs.map((p) => [p.id, p]));
  const workshops = new Map((data.workshops ?? []).map((w) => [w.id, w]));
  const mine = data.enrollments
    .filter((e) => e.is_active)
    .map((e): DashboardCourse => {
      const program = e.course_type === 'program' ? programs.get(e.course) : undefined;
      const workshop = e.course_type === 'workshop' ? workshops.get(e.course) : undefined;
      return {
        id: e.course,
        courseType: e.course_type,
        title: program?.title ?? e.program?.title ?? e.workshop?.title ?? `Course #${e.course}`,
        description: program?.description ?? workshop?.description ?? '',
        price: program?.price ?? workshop?.price ?? null,
        status: e.status,
        payment: latestPayment(data.payments, e.course_type, e.course),
        enrollmentId: e.id,
        certificate: data.certificates?.find((c) => c.enrollment === e.id),
      };
    });
  const available = data.programs
    .filter((p) => !activeEnrollment(data.enrollments, 'program', p.id))
    .map((p): DashboardCourse => {
      const payment = latestPayment(data.payments, 'program', p.id);
      return {
        id: p.id,
        courseType: 'program',
        title: p.title,
        description: p.description,
        price: p.price,
        status: payment?.status ?? null,
        payment,
      };
    });
  return { mine, available };
}
