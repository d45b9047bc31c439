import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../src/client/app/query-client';

/** A stubbed answer with a status other than 200 (see stubFetch). */
export class StubAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * Test helper: answers requests from a path → JSON body map (404 for anything else). A StubAnswer sets the
 * status; `null` answers 200 with a JSON null body.
 */
export function stubFetch(responses: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = url.pathname + url.search in responses ? url.pathname + url.search : url.pathname;
    if (!(key in responses)) {
      return new Response(JSON.stringify({ error: 'Not found', requestId: 'test' }), { status: 404 });
    }
    const answer = responses[key];
    const { status, body } = answer instanceof StubAnswer ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders an element at a route with a fresh query client and a memory router. */
export function renderAt(
  element: ReactElement,
  { path = '/', url = path }: { path?: string; url?: string } = {},
) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
