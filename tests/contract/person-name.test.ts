import { describe, expect, it } from 'vitest';
import { CounselingInput, NAME_MESSAGES, personName, RegisterInput } from '../../contract/index.ts';

const name = personName('Name');

describe('person names (registration, counseling)', () => {
  it.each(['Asha', 'A. R. Rahman', "D'Souza", 'D’Souza', 'Mary-Jane O’Neil', 'Ravi K.', 'आशा शर्मा', 'Zoë Müller'])(
    'takes %s',
    (value) => expect(name.safeParse(value).success).toBe(true),
  );

  it.each([
    ['a link', 'Visit https://evil.example'],
    ['a bare domain', 'www.evil.com'],
    ['a domain inside words', 'Win at prize.example now'],
    ['digits', 'Call 9876543210'],
    ['a single digit', 'Asha 2'],
    ['an at sign', 'asha@evil'],
    ['angle brackets', '<b>Asha</b>'],
    ['a slash', 'Asha/Ravi'],
    ['a leading dash', '-Asha'],
    ['a line break', 'Asha\nClick here'],
    ['a colon', 'Note: urgent'],
    ['emoji', 'Asha 🎉'],
  ])('refuses %s', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NAME_MESSAGES.characters('Name'));
  });

  it('refuses an empty or a too long name with its own message', () => {
    expect(name.safeParse('  ').error?.issues[0]?.message).toBe('Name is required.');
    expect(name.safeParse('A'.repeat(101)).error?.issues[0]?.message).toBe(NAME_MESSAGES.tooLong('Name'));
  });

  it('is the rule of the sign-up names and the counseling name', () => {
    const register = RegisterInput.safeParse({
      username: 'asha',
      email: 'asha@example.in',
      password: 'long-enough-1',
      first_name: 'Asha',
      last_name: 'see www.evil.com',
    });
    expect(register.error?.issues.map((i) => i.path.join('.'))).toEqual(['last_name']);
    const counseling = CounselingInput.safeParse({ name: 'http://x.example', email: 'a@b.in', phone: '9876543210' });
    expect(counseling.error?.issues.map((i) => i.path.join('.'))).toEqual(['name']);
  });
});
