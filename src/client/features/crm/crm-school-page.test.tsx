// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, StubAnswer, stubFetch } from '../../../../tests/support/client/test-utils';
import { CRM_MESSAGES } from '../../../contracts/crm';
import { CrmSchoolPage } from './crm-school-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), notifyFailure: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CrmSchoolPage', () => {
  it('a mistyped school link says so in words, not "Invalid UUID"', async () => {
    // The server's refusal of /api/crm/schools/not-a-uuid (crm.test.ts checks the server says this).
    stubFetch({
      '/api/crm/schools/not-a-uuid': new StubAnswer(400, {
        error: CRM_MESSAGES.schoolLinkInvalid,
        requestId: 'r',
      }),
    });
    renderAt(<CrmSchoolPage />, { path: '/crm/teams/:id', url: '/crm/teams/not-a-uuid' });
    expect(await screen.findByText(CRM_MESSAGES.schoolLinkInvalid)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/uuid/i);
  });
});
