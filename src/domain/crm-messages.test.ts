import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  CRM_MERGE_FIELDS,
  type CrmMergeSource,
  checkCrmMessageTemplate,
  reminderKey,
  renderCrmMessage,
  strayMergeBraces,
  tasksToRemind,
  unknownMergeFields,
} from './crm-messages';

const SCHOOL: CrmMergeSource = {
  teacherName: 'Ms Byrne',
  schoolName: 'Scoil Mhuire',
  owedCents: 5_000,
  teams: ['Mhuire A', 'Mhuire B'],
  openTasks: ['Fee paid', 'Photo permission per pupil'],
};

describe('renderCrmMessage', () => {
  it('fills every merge field, spaces inside the braces allowed', () => {
    const result = renderCrmMessage(
      {
        subject: 'Hello {{ teacher_name }} of {{school_name}}',
        body: 'Owed: {{amount_owed}}\nTeams: {{teams}}\nStill open: {{open_tasks}}',
      },
      SCHOOL,
    );
    expect(result).toEqual({
      ok: true,
      subject: 'Hello Ms Byrne of Scoil Mhuire',
      body: 'Owed: €50.00\nTeams: Mhuire A, Mhuire B\nStill open: Fee paid, Photo permission per pupil',
    });
  });

  it('refuses an unknown field in the subject or body, naming it, and fills nothing', () => {
    const result = renderCrmMessage({ subject: 'Hi {{teacher}}', body: '{{amount_owed}} {{ Fee }}' }, SCHOOL);
    expect(result).toEqual({ ok: false, reason: 'unknown_merge_field', unknown: ['teacher', 'Fee'] });
    expect(unknownMergeFields('{{}} and {{school_name}}')).toEqual(['']);
  });

  it('says so when nothing is owed or open, and keeps the subject on one line', () => {
    const result = renderCrmMessage(
      { subject: 'Tasks: {{open_tasks}}', body: 'Dear {{teacher_name}}, {{amount_owed}}; {{teams}}' },
      { teacherName: null, schoolName: 'X', owedCents: 0, teams: [], openTasks: [] },
    );
    expect(result).toEqual({ ok: true, subject: 'Tasks: none', body: 'Dear Teacher, €0.00; no team' });
  });
});

/** Issue: a mail went out with `{{…}}` left in after nested braces. Nothing with `{{` or `}}` is ever sent. */
describe('merge fields never leave braces', () => {
  const hasDoubleBraces = (text: string) => text.includes('{{') || text.includes('}}');

  it.each([
    ['braces around a field', 'Dear {{{{school_name}}}}', 'Dear {{…}}'],
    ['a field inside braces', '{{ {{teacher_name}} }} owes', '{{ … }} owes'],
    ['one brace short on the right', 'For {{school_name}', 'For {{school_name}'],
    ['one brace short on the left', 'For {school_name}}', '{school_name}}'],
    ['closing braces alone', 'Done }} here', 'Done }} here'],
    ['a field and braces after it', '{{amount_owed}}}} owed', '…}} owed'],
  ])('refuses %s, quoting the braces', (_case, body, excerpt) => {
    const result = renderCrmMessage({ subject: 'Hello', body }, SCHOOL);
    expect(result).toEqual({ ok: false, reason: 'stray_merge_braces', excerpts: [excerpt] });
  });

  it('refuses an unknown field inside braces as unknown, before the braces', () => {
    expect(renderCrmMessage({ subject: 'Hi', body: '{{ {{name}} }}' }, SCHOOL)).toEqual({
      ok: false,
      reason: 'unknown_merge_field',
      unknown: ['name'],
    });
    expect(checkCrmMessageTemplate({ subject: '{{school_name}}', body: '{{teams}}' })).toBeNull();
  });

  it('keeps single braces of the text and one brace on each side of a field', () => {
    expect(
      renderCrmMessage({ subject: '{{{school_name}}}', body: 'Set {a, b} and {{teams}}' }, SCHOOL),
    ).toEqual({
      ok: true,
      subject: '{Scoil Mhuire}',
      body: 'Set {a, b} and Mhuire A, Mhuire B',
    });
  });

  it('never sends braces that come from the school’s own data, nor reads a value as a field', () => {
    const braced: CrmMergeSource = {
      teacherName: '{{teacher_name}}',
      schoolName: '{{{{ Scoil }}}}',
      owedCents: 0,
      teams: ['{', '{A}}'],
      openTasks: ['}}'],
    };
    const result = renderCrmMessage(
      { subject: '{{school_name}}', body: '{{{teacher_name}}{{teams}}{{open_tasks}}}' },
      braced,
    );
    // The value `{{teacher_name}}` is not filled in again, and every run of braces is one brace.
    expect(result).toEqual({ ok: true, subject: '{ Scoil }', body: '{teacher_name}{, {A}' });
    if (result.ok) expect(hasDoubleBraces(result.subject + result.body)).toBe(false);
  });

  it('property: whatever the template and the data, a message is refused or has no `{{` or `}}`', () => {
    const piece = fc.oneof(
      fc.constantFrom('{', '}', '{{', '}}', ' ', '\n', 'x', 'Dear ', '{{ ', ' }}'),
      fc.constantFrom(...CRM_MERGE_FIELDS).map((name) => `{{${name}}}`),
      fc.constantFrom(...CRM_MERGE_FIELDS),
      fc.string({ maxLength: 4 }),
    );
    const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
    const value = fc
      .array(fc.constantFrom('{', '}', 'a', ' ', '{{x}}'), { maxLength: 6 })
      .map((p) => p.join(''));
    const source = fc.record({
      teacherName: fc.option(value, { nil: null }),
      schoolName: value,
      owedCents: fc.nat(100_000),
      teams: fc.array(value, { maxLength: 3 }),
      openTasks: fc.array(value, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(text, text, source, (subject, body, school) => {
        const result = renderCrmMessage({ subject, body }, school);
        if (result.ok) {
          expect(hasDoubleBraces(result.subject)).toBe(false);
          expect(hasDoubleBraces(result.body)).toBe(false);
        } else if (result.reason === 'unknown_merge_field') {
          expect(result.unknown.length).toBeGreaterThan(0);
        } else {
          expect(result.excerpts.length).toBeGreaterThan(0);
          expect(strayMergeBraces(subject).length + strayMergeBraces(body).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: a template with only well-formed known fields is filled, each field with its value', () => {
    const piece = fc.oneof(
      fc.constantFrom(...CRM_MERGE_FIELDS).map((name) => ({ field: name })),
      fc.stringMatching(/^[^{}]{0,8}$/).map((literal) => ({ literal })),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const body = pieces.map((p) => ('field' in p ? `{{ ${p.field} }}` : p.literal)).join('');
        const result = renderCrmMessage({ subject: 'Hi', body }, SCHOOL);
        const values = {
          teacher_name: 'Ms Byrne',
          school_name: 'Scoil Mhuire',
          amount_owed: '€50.00',
          teams: 'Mhuire A, Mhuire B',
          open_tasks: 'Fee paid, Photo permission per pupil',
        };
        expect(result).toEqual({
          ok: true,
          subject: 'Hi',
          body: pieces.map((p) => ('field' in p ? values[p.field] : p.literal)).join(''),
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('tasksToRemind', () => {
  const today = '2025-11-10';
  const tasks = [
    { id: 1, state: 'not_started' as const, dueDate: '2025-11-13' },
    { id: 2, state: 'done' as const, dueDate: '2025-11-12' },
    { id: 3, state: 'waiting_on_school' as const, dueDate: '2025-11-14' },
    { id: 4, state: 'blocked' as const, dueDate: '2025-11-09' },
    { id: 5, state: 'not_started' as const, dueDate: null },
    { id: 6, state: 'received_to_check' as const, dueDate: '2025-11-10' },
  ];

  it('lists the open tasks due from today to N days ahead, not those already reminded for that date', () => {
    expect(tasksToRemind(tasks, today, 3, new Set()).map((task) => task.id)).toEqual([1, 6]);
    expect(tasksToRemind(tasks, today, 3, new Set([reminderKey(1, '2025-11-13')])).map((t) => t.id)).toEqual([
      6,
    ]);
    // A moved due date is a new reminder.
    expect(tasksToRemind(tasks, today, 3, new Set([reminderKey(1, '2025-11-12')])).map((t) => t.id)).toEqual([
      1, 6,
    ]);
    expect(tasksToRemind(tasks, today, 0, new Set())).toEqual([]);
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
  });
});
