// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crmBoard, crmTask } from '../../../../tests/support/client/crm-fixtures';
import { CRM_MESSAGES, type CrmTask } from '../../../contracts/crm';
import { createQueryClient } from '../../app/query-client';
import { notify } from '../../lib/notify';
import { CrmTasksPage } from './crm-tasks-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server holding these tasks; `onPatch` answers a PATCH (and may change what the next GET sends). */
function stubServer(
  initial: CrmTask[],
  onPatch: (id: number, body: Record<string, unknown>) => Response | Promise<Response>,
) {
  let tasks = initial;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PATCH') {
      const id = Number(url.pathname.split('/').pop());
      return onPatch(id, JSON.parse(String(init.body)) as Record<string, unknown>);
    }
    if (url.pathname === '/api/crm/tasks') return json(200, crmBoard(tasks));
    return json(404, { error: 'Not found', requestId: 'test' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    setTasks: (next: CrmTask[]) => {
      tasks = next;
    },
  };
}

function renderBoard(url = '/crm/tasks') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/crm/tasks" element={<CrmTasksPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const columnOf = (title: string) =>
  screen
    .getByRole('article', { name: title })
    .closest('[data-testid="crm-column"]')
    ?.getAttribute('data-state');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockReset();
});

const fee = crmTask({ id: 1, title: 'Fee paid', schoolName: 'Ardscoil', version: 3 });
const teacher = crmTask({
  id: 2,
  kind: 'teacher_named',
  title: 'Teacher in charge named',
  schoolId: 'school-b',
  schoolName: 'Belvedere',
  state: 'done',
});

describe('the task board', () => {
  it('draws the states as columns with a lane per school, or per task type', async () => {
    stubServer([fee, teacher], () => json(200, { message: 'ok' }));
    renderBoard();
    const lanes = await screen.findAllByTestId('crm-lane');
    expect(lanes.map((lane) => lane.getAttribute('aria-label'))).toEqual(['Ardscoil', 'Belvedere']);
    expect(within(lanes[0] as HTMLElement).getAllByTestId('crm-column')).toHaveLength(6);
    expect(columnOf('Fee paid')).toBe('not_started');
    expect(columnOf('Teacher in charge named')).toBe('done');
    fireEvent.click(screen.getByRole('button', { name: 'By task type' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('crm-lane').map((lane) => lane.getAttribute('aria-label'))).toEqual([
        'Teacher in charge named',
        'Fee paid',
      ]),
    );
  });

  it('moves a card at once, sending the version read', async () => {
    const server = stubServer([fee], () => json(200, { ...fee, state: 'done', version: 4 }));
    renderBoard();
    const menu = await screen.findByRole('combobox', { name: /Move “Fee paid”/ });
    server.setTasks([{ ...fee, state: 'done', version: 4 }]);
    fireEvent.change(menu, { target: { value: 'done' } });
    await waitFor(() => expect(columnOf('Fee paid')).toBe('done'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', CRM_MESSAGES.updated, { id: 'crm-move' }),
    );
    const patch = server.fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('/api/crm/tasks/1');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ state: 'done', version: 3 });
  });

  it('puts a stale move where the server says the task is, and says so', async () => {
    const current = { ...fee, state: 'blocked' as const, version: 5, assigneeId: 'staff-2' };
    const server = stubServer([fee], () => {
      server.setTasks([current]);
      return json(409, { error: 'Stale', requestId: 'r1', code: 'stale_task', current });
    });
    renderBoard();
    fireEvent.change(await screen.findByRole('combobox', { name: /Move “Fee paid”/ }), {
      target: { value: 'done' },
    });
    await waitFor(() => expect(columnOf('Fee paid')).toBe('blocked'));
    expect(notify).toHaveBeenCalledWith('error', CRM_MESSAGES.stale, { id: 'crm-move' });
    expect(screen.getByRole('article', { name: 'Fee paid' })?.textContent).toMatch('Seán Super');
  });

  it('rolls a refused move back and tells the user', async () => {
    let refuse = () => {};
    stubServer(
      [fee],
      () =>
        new Promise<Response>((resolve) => {
          refuse = () => resolve(json(500, { error: 'Something went wrong', requestId: 'r2' }));
        }),
    );
    renderBoard();
    fireEvent.change(await screen.findByRole('combobox', { name: /Move “Fee paid”/ }), {
      target: { value: 'received_to_check' },
    });
    // Shown at once, before the server answers…
    await waitFor(() => expect(columnOf('Fee paid')).toBe('received_to_check'));
    refuse();
    // …and back where it was when the server refuses.
    await waitFor(() => expect(columnOf('Fee paid')).toBe('not_started'));
    expect(notify).toHaveBeenCalledWith('error', 'Something went wrong', { id: 'crm-move' });
  });

  it('gives each card a keyboard drag handle with instructions for screen readers', async () => {
    stubServer([fee], () => json(200, { message: 'ok' }));
    renderBoard();
    const handle = await screen.findByRole('button', { name: 'Drag “Fee paid” (Ardscoil)' });
    expect(handle?.getAttribute('aria-roledescription')).toBe('draggable');
    const describedBy = handle.getAttribute('aria-describedby') ?? '';
    // dnd-kit puts the instructions in the page once the board has mounted (a moment later on a loaded machine).
    await waitFor(() =>
      expect(document.getElementById(describedBy)?.textContent).toMatch(/press Space or Enter/),
    );
  });
});

describe('a board of many schools (issue 15: 60 schools, 1,500 tasks)', () => {
  it('draws the first screen, keeps every lane heading with its count, and draws a lane as it comes near', async () => {
    // The browser's IntersectionObserver, driven by the test: nothing is near until the test says so.
    let report: IntersectionObserverCallback = () => {};
    class TestObserver {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', TestObserver);
    const name = (index: number) => `School ${String(index).padStart(2, '0')}`;
    const tasks = Array.from({ length: 30 * 6 }, (_, index) =>
      crmTask({
        id: index + 1,
        kind: null,
        isAuto: false,
        title: `Task ${index + 1}`,
        schoolId: `school-${Math.floor(index / 6)}`,
        schoolName: name(Math.floor(index / 6)),
      }),
    );
    stubServer(tasks, () => json(200, { message: 'ok' }));
    renderBoard();
    const lanes = await screen.findAllByTestId('crm-lane');
    expect(lanes).toHaveLength(30);
    for (const lane of lanes)
      expect(within(lane).getByRole('heading', { level: 3 }).textContent).toMatch(/\(6\)$/);
    const drawn = lanes.filter((lane) => lane.dataset.drawn === 'true');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(30);
    expect(within(lanes[0] as HTMLElement).getAllByRole('article')).toHaveLength(6);

    // A lane far down: its columns say their counts, its cards wait as a placeholder of their height.
    const last = lanes[29] as HTMLElement;
    expect(within(last).queryAllByRole('article')).toHaveLength(0);
    expect(within(last).getAllByTestId('crm-column')[0]?.getAttribute('aria-label')).toBe(
      `${name(29)}: Not started (6)`,
    );
    expect(within(last).getByTestId('crm-placeholder').style.height).not.toBe('');
    // Scrolled near, it is drawn.
    act(() =>
      report(
        [{ target: last, isIntersecting: true } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(within(last).getAllByRole('article')).toHaveLength(6));

    // The search finds the cards of a lane not drawn yet: it is then the first lane, drawn at once.
    expect(within(lanes[25] as HTMLElement).queryAllByRole('article')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Task, school or team'), { target: { value: name(25) } });
    await waitFor(() => expect(screen.getAllByTestId('crm-lane')).toHaveLength(1));
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });
});
