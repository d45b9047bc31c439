import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CrmMergeSource,
  reminderKey,
  renderCrmMessage,
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
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unknown).toEqual(['teacher', 'Fee']);
    expect(result.error).toContain('{{teacher}}, {{Fee}}');
    expect(result.error).toContain('{{teacher_name}}');
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
