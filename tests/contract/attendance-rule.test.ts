import { describe, expect, it } from 'vitest';
import { attendanceRule } from '../../contract/teaching.ts';

describe('the attendance percentage rule (decision record 050)', () => {
  it('is null before any session is held', () => {
    expect(attendanceRule(0, 0)).toBeNull();
  });

  it('is attended of held, rounded to a whole number, half up', () => {
    expect(attendanceRule(0, 3)).toBe(0);
    expect(attendanceRule(2, 3)).toBe(67);
    expect(attendanceRule(1, 3)).toBe(33);
    expect(attendanceRule(1, 8)).toBe(13); // 12.5
    expect(attendanceRule(3, 8)).toBe(38); // 37.5
    expect(attendanceRule(5, 5)).toBe(100);
  });

  it('never exceeds 100', () => {
    expect(attendanceRule(6, 5)).toBe(100);
  });
});
