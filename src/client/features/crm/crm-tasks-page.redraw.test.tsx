// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crmBoard, crmTask } from '../../../../tests/support/client/crm-fixtures';
import type { CrmTask } from '../../../contracts/crm';
import { createQueryClient } from '../../app/query-client';
import { CrmTasksPage } from './crm-tasks-page';
import { TaskCard } from './task-card';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));
// The real card, counted: which cards the board draws again after a change.
vi.mock('./task-card', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./task-card')>();
  return { ...actual, TaskCard: vi.fn(actual.TaskCard) };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(TaskCard).mockClear();
});

const drawnIds = () => vi.mocked(TaskCard).mock.calls.map(([props]) => props.task.id);

describe('the task board with many cards (issue 15: 1,500 tasks)', () => {
  it('draws again only the card a move changed, not every card', async () => {
    const tasks: CrmTask[] = Array.from({ length: 40 }, (_, index) =>
      crmTask({
        id: index + 1,
        title: `Task ${index + 1}`,
        schoolId: `school-${index % 4}`,
        schoolName: `School ${index % 4}`,
      }),
    );
    let served = tasks;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'PATCH') {
          const moved = { ...tasks[0]!, state: 'waiting_on_school' as const, version: 2 };
          served = [moved, ...tasks.slice(1)];
          return json(200, moved);
        }
        if (url.pathname === '/api/crm/tasks') return json(200, crmBoard(served));
        return json(404, { error: 'Not found', requestId: 'test' });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/crm/tasks']}>
          <Routes>
            <Route path="/crm/tasks" element={<CrmTasksPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const menu = await screen.findByRole('combobox', { name: /Move “Task 1”/ });
    await waitFor(() => expect(screen.getAllByTestId('crm-task-card')).toHaveLength(40));
    vi.mocked(TaskCard).mockClear();

    fireEvent.change(menu, { target: { value: 'waiting_on_school' } });
    await waitFor(() =>
      expect(
        screen
          .getByRole('article', { name: 'Task 1' })
          .closest('[data-testid="crm-column"]')
          ?.getAttribute('data-state'),
      ).toBe('waiting_on_school'),
    );
    // Saved and refetched: the menu is enabled again.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Move “Task 1”/ }) as HTMLSelectElement).disabled).toBe(
        false,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(drawnIds().length).toBeGreaterThan(0);
    expect(new Set(drawnIds())).toEqual(new Set([1]));
  });
});
